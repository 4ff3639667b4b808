-- promptls for Neovim: registers the promptls language server and its user commands.
--
-- Neovim 0.11+: vim.lsp.enable("promptls") is enough; the plugin ships lsp/promptls.lua
-- (built from M.defaults below). require("promptls").setup({}) adds the :Promptls* user
-- commands and file types for prompt files, and registers the server with the options
-- given (vim.lsp.config/vim.lsp.enable; on 0.8-0.10 a FileType autocmd calls vim.lsp.start).
-- Nothing happens on load. Names, ids and globs come from promptls.api (generated from
-- `promptls api-json`).

local api = require("promptls.api")

local M = {}

--- Instruction-file base names the server knows (from its profiles).
M.instruction_files = api.instruction_files

--- Defaults; every key can be overridden by setup(opts).
M.defaults = {
  -- How to start the server. A list: the first item is the executable.
  cmd = { "promptls", "serve" },
  -- File types the client attaches to (same as the VS Code extension: Markdown and plain text).
  filetypes = { "markdown", "text" },
  -- The workspace root is the nearest ancestor holding one of these.
  root_markers = { ".git", "pyproject.toml", "AGENTS.md" },
  -- Server settings (same keys as [tool.promptls], plus profile, model, systemPromptFile).
  -- Sent as initializationOptions and answered to workspace/configuration ("promptls").
  settings = {},
  -- Give prompt files that Neovim does not recognise (*.prompt, prompts/**) a file type,
  -- so the client attaches to them. Existing detection always wins.
  detect_filetypes = true,
  -- The file type given to those prompt files.
  prompt_filetype = "markdown",
  -- Let the server watch instruction files (so previews follow changes made outside Neovim):
  -- true, false, or "auto" = on where Neovim watches efficiently (macOS, Windows, and Linux
  -- with inotifywait); Neovim 0.11 itself leaves it off on Linux.
  watch_files = "auto",
  -- Show and refresh code lenses (static/dynamic token estimates on the first marker).
  codelens = true,
  -- Create the :Promptls* user commands.
  commands = true,
  -- Passed through to the LSP client.
  on_attach = nil,
  capabilities = nil,
}

--- The options in force after setup(); read by the commands and :checkhealth.
M.options = vim.deepcopy(M.defaults)

--- Whether setup() has run (checkhealth says so when it has not).
M.did_setup = false

local has_011 = vim.fn.has("nvim-0.11") == 1

--- Prompt files (the server's default prompt-file globs) and some instruction files
--- (Cursor's `.mdc` rules, `.cursorrules`) have no file type in Neovim; without one
--- nothing would attach.
local function add_filetypes(ft)
  -- Negative priority: only used when no other rule (or modeline) gave the file a type.
  local fallback = { priority = -math.huge }
  local pattern = {}
  for _, list in ipairs({ api.prompt_patterns, api.instruction_patterns }) do
    for _, p in ipairs(list) do
      pattern[p] = { ft, fallback }
    end
  end
  vim.filetype.add({ pattern = pattern })
end

--- The handlers of every registration path (the server's custom notification).
function M.handlers()
  return {
    [api.context_changed] = function(err, result, ctx)
      require("promptls.preview").on_context_changed(err, result, ctx)
    end,
  }
end

--- Nearest ancestor of the buffer's file holding a root marker; works on 0.8 (no vim.fs.root).
local function find_root(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return vim.fn.getcwd()
  end
  local dir = vim.fs.dirname(name)
  local found = vim.fs.find(markers, { upward = true, path = dir, limit = 1 })[1]
  if found then
    return vim.fs.dirname(found)
  end
  return dir
end

--- Whether to offer didChangeWatchedFiles dynamic registration to the server.
local function want_watch(setting)
  if setting == true or setting == false then
    return setting
  end
  local sysname = (vim.uv or vim.loop).os_uname().sysname
  if sysname == "Darwin" or sysname == "Windows_NT" then
    return true
  end
  return vim.fn.executable("inotifywait") == 1
end

--- Neovim's capabilities, the user's on top, and file watching as asked.
function M.capabilities(opts)
  local caps = vim.tbl_deep_extend(
    "force",
    vim.lsp.protocol.make_client_capabilities(),
    opts.capabilities or {}
  )
  caps.workspace = caps.workspace or {}
  caps.workspace.didChangeWatchedFiles = caps.workspace.didChangeWatchedFiles or {}
  caps.workspace.didChangeWatchedFiles.dynamicRegistration = want_watch(opts.watch_files)
  return caps
end

--- The client configuration both paths hand to Neovim.
local function client_config(opts)
  -- An empty Lua table would be sent as a JSON array; the server expects an object.
  local settings = next(opts.settings) and opts.settings or vim.empty_dict()
  return {
    name = "promptls",
    cmd = opts.cmd,
    filetypes = opts.filetypes,
    root_markers = opts.root_markers,
    init_options = settings,
    settings = { promptls = settings },
    handlers = M.handlers(),
    on_attach = function(client, bufnr)
      require("promptls.attach").on_attach(client, bufnr, opts)
    end,
    capabilities = M.capabilities(opts),
  }
end

--- 0.8-0.10: no vim.lsp.config, so start (or reuse) the client per buffer by file type.
local function register_legacy(opts)
  local group = vim.api.nvim_create_augroup("promptls", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = opts.filetypes,
    callback = function(ev)
      if vim.bo[ev.buf].buftype ~= "" then
        return
      end
      local config = client_config(opts)
      config.root_markers = nil
      config.filetypes = nil
      config.root_dir = find_root(ev.buf, opts.root_markers)
      vim.lsp.start(config, { bufnr = ev.buf })
    end,
  })
  -- Buffers already open when setup() ran.
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(opts.filetypes, vim.bo[buf].filetype) then
      vim.api.nvim_exec_autocmds("FileType", { group = group, buffer = buf })
    end
  end
end

--- Start the server for a buffer's project without attaching it to the buffer, and call
--- on_ready(client) once it has answered initialize. :PromptlsContext asks about any file,
--- a source file as well as an instruction file, but only Markdown and text buffers start
--- the server; this one is not the server's to lint. Neovim 0.8-0.10 have no attach=false
--- and attach it (the server finds nothing to report in a file that holds no prompt).
--- Returns false when there is no configuration to start.
function M.start_detached(bufnr, on_ready, on_fail)
  local config
  if has_011 and not M.options._legacy then
    -- Resolved from the shipped lsp/promptls.lua and the user's vim.lsp.config changes.
    config = vim.lsp.config.promptls
    if config == nil then
      return false
    end
    config = vim.deepcopy(config)
  else
    config = client_config(M.options)
  end
  if type(config.root_dir) ~= "string" then
    config.root_dir = find_root(bufnr, config.root_markers or M.options.root_markers)
  end
  config.root_markers = nil
  config.filetypes = nil
  local id = vim.lsp.start(config, { bufnr = bufnr, attach = false })
  if id == nil then
    return false
  end
  -- No event says "initialized" for a client no buffer is attached to: look every 50 ms.
  local tries = 600
  local function poll()
    local client = vim.lsp.get_client_by_id(id)
    if client == nil or (client.is_stopped and client:is_stopped()) then
      return on_fail("the server stopped while starting")
    end
    if client.initialized then
      return on_ready(client)
    end
    tries = tries - 1
    if tries <= 0 then
      return on_fail("the server did not answer initialize within 30 s")
    end
    vim.defer_fn(poll, 50)
  end
  poll()
  return true
end

--- Register the server and the commands. setup({}) is enough when `promptls` is on PATH.
function M.setup(opts)
  opts = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  if type(opts.cmd) == "string" then
    opts.cmd = { opts.cmd, "serve" }
  end
  M.options = opts
  M.did_setup = true

  if opts.detect_filetypes then
    add_filetypes(opts.prompt_filetype)
  end
  -- _legacy (undocumented) lets the test suite run the 0.8-0.10 path on a newer Neovim.
  if has_011 and not opts._legacy then
    vim.lsp.config("promptls", client_config(opts))
    vim.lsp.enable("promptls")
  else
    register_legacy(opts)
  end
  if opts.commands then
    require("promptls.commands").create()
  end
end

--- Statusline text: "promptls or · 1a2b3c4" (profile, context revision), "" when not attached.
function M.status(bufnr)
  return require("promptls.attach").status(bufnr)
end

return M
