-- :checkhealth promptls — is the server installed, which version, which profile is active.

local M = {}

-- vim.health.start/ok/... since 0.10; report_* before.
local health = vim.health or require("health")
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local error = health.error or health.report_error
local info = health.info or health.report_info

--- The server's own word on the active profile (settings + project config), bounded wait.
local function server_profile(client, folder)
  local command = require("promptls.api").commands.context_revision
  local params = { command = command, arguments = { { folder = folder } } }
  local res
  if vim.fn.has("nvim-0.11") == 1 then
    res = client:request_sync("workspace/executeCommand", params, 2000)
  else
    res = client.request_sync("workspace/executeCommand", params, 2000)
  end
  if not res then
    return nil, "no answer within 2 s"
  end
  if res.err then
    return nil, tostring(res.err.message or res.err)
  end
  local result = res.result
  if type(result) ~= "table" or type(result.profile) ~= "string" then
    return nil, "unexpected answer"
  end
  return result.profile, nil, result.revision
end

function M.check()
  local promptls = require("promptls")
  start("promptls")
  if vim.fn.has("nvim-0.8") ~= 1 then
    error("Neovim 0.8 or newer is needed")
    return
  end
  if vim.fn.has("nvim-0.11") == 1 then
    ok("Neovim " .. tostring(vim.version()) .. ": registered with vim.lsp.config / vim.lsp.enable")
  else
    ok("Neovim " .. tostring(vim.version()) .. ": started by a FileType autocmd (vim.lsp.start)")
  end
  local enabled = vim.lsp.is_enabled and vim.lsp.is_enabled("promptls")
  if not promptls.did_setup and enabled then
    ok("enabled with vim.lsp.enable('promptls') (lsp/promptls.lua); setup() adds the :Promptls* commands")
  elseif not promptls.did_setup then
    warn("neither setup() nor vim.lsp.enable('promptls') has run", {
      "add vim.lsp.enable('promptls') (Neovim 0.11+) or require(\"promptls\").setup({}) to your config",
    })
  end

  local opts = promptls.options
  -- 0.11+: the effective command is the merged vim.lsp.config (shipped file, user, setup).
  local config = enabled and vim.lsp.config.promptls or nil
  local cmd = type(config) == "table" and type(config.cmd) == "table" and config.cmd or opts.cmd
  local exe = cmd and cmd[1]
  local path = exe and vim.fn.exepath(exe) or ""
  if path == "" then
    error("server binary not found: " .. tostring(exe), {
      "pip install promptls (or pipx install promptls), so that `promptls` is on PATH",
      'or point setup({ cmd = { "/path/to/promptls", "serve" } }) at it',
    })
  else
    ok("server binary: " .. path)
    local out = vim.fn.system({ path, "--version" })
    if vim.v.shell_error == 0 then
      ok("server version: " .. vim.trim(out))
    else
      error("`" .. path .. " --version` failed: " .. vim.trim(out))
    end
  end
  info("command: " .. table.concat(cmd or {}, " "))

  local configured = opts.settings and opts.settings.profile
  local client = require("promptls.commands").client(vim.api.nvim_get_current_buf())
  if client then
    ok(string.format("server running (client id %d, root %s)", client.id, tostring(client.root_dir)))
    local folder = require("promptls.commands").folder(client)
    local profile, err, revision = server_profile(client, folder)
    if profile then
      ok("active profile: " .. profile .. " (as the server reports it for " .. folder .. ")")
      if revision ~= nil and revision ~= vim.NIL then
        info("context revision: " .. tostring(revision))
      end
    else
      warn("the server did not report its profile: " .. tostring(err))
    end
    if not profile and configured then
      ok("active profile: " .. configured .. " (from setup settings)")
    elseif not profile then
      ok("active profile: or (the default; a .promptls.toml or [tool.promptls] may choose another)")
    end
    local ws = client.capabilities and client.capabilities.workspace or {}
    local watch = ws.didChangeWatchedFiles and ws.didChangeWatchedFiles.dynamicRegistration
    if watch then
      ok("file watching on: previews follow instruction files changed outside Neovim")
    else
      info("file watching off: run a command again after changing instruction files elsewhere"
        .. " (setup({ watch_files = true }), or install inotifywait for watch_files = \"auto\")")
    end
  else
    info("no promptls client is running (open a Markdown or prompt file to start one)")
    ok("active profile: " .. (configured or "or (the default, unless the project's config sets one)"))
  end
end

return M
