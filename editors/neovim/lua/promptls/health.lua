-- :checkhealth promptls — is the server installed, which version, which profile is active.

local M = {}

-- vim.health.start/ok/... since 0.10; report_* before.
local health = vim.health or require("health")
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local error = health.error or health.report_error
local info = health.info or health.report_info

--- The server's own word on the active profile, asked of a running client (bounded wait).
local function server_profile(client, folder)
  local params = {
    command = "promptls.showContextFiles",
    arguments = { { folder = folder } },
  }
  local res
  if vim.fn.has("nvim-0.11") == 1 then
    res = client:request_sync("workspace/executeCommand", params, 2000)
  else
    res = client.request_sync("workspace/executeCommand", params, 2000)
  end
  if not res or res.err or type(res.result) ~= "table" then
    return nil, res and res.err and res.err.message or "no answer"
  end
  local profile = res.result.profile
  if type(profile) ~= "string" and type(res.result.profiles) == "table" then
    profile = nil
  end
  return profile, nil
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
  if not promptls.did_setup then
    warn('setup() has not been called', { 'add require("promptls").setup({}) to your config' })
  end

  local opts = promptls.options
  local exe = opts.cmd and opts.cmd[1]
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
  info("command: " .. table.concat(opts.cmd or {}, " "))

  local configured = opts.settings and opts.settings.profile
  local client = require("promptls.commands").client(vim.api.nvim_get_current_buf())
  if client then
    ok(string.format("server running (client id %d, root %s)", client.id, tostring(client.root_dir)))
    local profile, err = server_profile(client, require("promptls.commands").folder(client))
    if profile then
      ok("active profile: " .. profile .. " (as the server reports it)")
    elseif configured then
      ok("active profile: " .. configured .. " (from setup settings)")
      if err then
        info("the server did not say: " .. err)
      end
    else
      ok("active profile: or (the default; a .promptls.toml or [tool.promptls] may choose another)")
    end
  else
    info("no promptls client is running (open a Markdown or prompt file to start one)")
    ok("active profile: " .. (configured or "or (the default, unless the project's config sets one)"))
  end
end

return M
