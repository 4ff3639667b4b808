-- The :Promptls* user commands, and the small LSP helpers they share.

local api = require("promptls.api")

local M = {}

local has_011 = vim.fn.has("nvim-0.11") == 1

M.profiles = vim.list_extend({ "all" }, api.profiles)
M.formats = { "cache-aware", "wire" }

--- :PromptlsPreview format -> the server's previewPrompt format.
M.server_formats = { ["cache-aware"] = "blocks", wire = "wire" }

--- Messages go through vim.notify so users can route them (and tests can catch them).
local function notify(msg, level)
  vim.notify("promptls: " .. msg, level or vim.log.levels.INFO)
end

--- The promptls client for a buffer, else any running promptls client (for scratch buffers).
function M.client(bufnr)
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  local clients = get({ name = "promptls", bufnr = bufnr })
  if #clients == 0 then
    clients = get({ name = "promptls" })
  end
  return clients[1]
end

--- client:request on 0.11 (the dot form is deprecated there), client.request before.
function M.request(client, method, params, handler, bufnr)
  if has_011 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- The folder a command is about: the client's workspace root, else the file's folder
--- (the server accepts an open document's folder), else the current directory.
function M.folder(client, bufnr)
  local root = client and (client.root_dir or (client.config and client.config.root_dir))
  if not root and client and client.workspace_folders and client.workspace_folders[1] then
    root = vim.uri_to_fname(client.workspace_folders[1].uri)
  end
  if not root and bufnr and vim.api.nvim_buf_is_valid(bufnr) and vim.bo[bufnr].buftype == "" then
    local name = vim.api.nvim_buf_get_name(bufnr)
    if name ~= "" then
      root = vim.fs.dirname(name)
    end
  end
  return root or vim.fn.getcwd()
end

--- Run workspace/executeCommand; callback(err, result). No client: one message, no error.
function M.execute(command, args, callback, bufnr)
  if bufnr and not vim.api.nvim_buf_is_valid(bufnr) then
    bufnr = nil
  end
  local client = M.client(bufnr)
  if not client then
    notify("the server is not running (open a Markdown or prompt file first)", vim.log.levels.WARN)
    return
  end
  M.request(client, "workspace/executeCommand", { command = command, arguments = { args } }, function(err, result)
    callback(err, result)
  end, bufnr)
end

--- The file URI of a buffer, or nil for buffers that are not files.
local function buffer_uri(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" or vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  return vim.uri_from_bufnr(bufnr)
end

--- The running promptls client (callback(client) at once), else start one for the
--- buffer's project without attaching it and call back when it is ready.
function M.with_client(bufnr, callback)
  local client = M.client(bufnr)
  if client then
    return callback(client)
  end
  local function fail(why)
    notify(why, vim.log.levels.WARN)
  end
  local ok, started = pcall(require("promptls").start_detached, bufnr, callback, fail)
  if not ok or not started then
    notify("the server is not running and could not be started (open a Markdown or prompt file first)", vim.log.levels.WARN)
  end
end

--- :PromptlsContext [profile|all] — which instruction files apply to the current buffer's
--- file (any file, a source file as well as an instruction file), per profile, in load
--- order; from a buffer that is not a file, the workspace folder's.
function M.context(profile)
  local bufnr = vim.api.nvim_get_current_buf()
  profile = (profile and profile ~= "") and profile or "all"
  return M.with_client(bufnr, function(client)
    local folder = M.folder(client, bufnr)
    local args = { profile = profile }
    local uri = buffer_uri(bufnr)
    if uri then
      args.uri = uri
    else
      args.folder = folder
    end
    return require("promptls.preview").show({
      name = "promptls://context/" .. profile,
      command = api.commands.show_context_files,
      args = args,
      folder = folder,
      source = bufnr,
      render = require("promptls.render").text,
    })
  end)
end

--- :PromptlsEnv — what the agent would be told about the environment.
function M.env()
  local bufnr = vim.api.nvim_get_current_buf()
  local folder = M.folder(M.client(bufnr), bufnr)
  return require("promptls.preview").show({
    name = "promptls://environment",
    command = api.commands.show_environment,
    args = { folder = folder },
    folder = folder,
    source = bufnr,
    render = require("promptls.render").text,
  })
end

--- :PromptlsPreview [profile] [cache-aware|wire|diff] — the assembled prompt, refreshed on
--- context changes. With a profile, that agent's rendering and its per-file token table
--- (position, bytes, tokens); `diff` shows where the profile's wire text first differs from
--- the baseline the server kept when the diff view first opened (the cache diff).
function M.preview(...)
  local format, profile = "cache-aware", nil
  for _, word in ipairs({ ... }) do
    for _, arg in ipairs(vim.split(word or "", "%s+", { trimempty = true })) do
      if vim.tbl_contains(M.formats, arg) or arg == "diff" then
        format = arg
      elseif vim.tbl_contains(api.profiles, arg) then
        profile = arg
      else
        notify("unknown argument " .. arg .. " (a profile, cache-aware, wire or diff)", vim.log.levels.ERROR)
        return
      end
    end
  end
  local bufnr = vim.api.nvim_get_current_buf()
  local folder = M.folder(M.client(bufnr), bufnr)
  local text = require("promptls.render").text
  if format == "diff" then
    -- Without a profile the server answers for the folder's own.
    return require("promptls.preview").show({
      name = "promptls://preview/diff/" .. (profile or "default"),
      command = api.commands.preview_diff,
      args = { folder = folder, profile = profile },
      folder = folder,
      source = bufnr,
      render = text,
    })
  end
  local args = { folder = folder, format = M.server_formats[format], profile = profile }
  return require("promptls.preview").show({
    name = "promptls://preview/" .. (profile and (profile .. "/") or "") .. format,
    command = api.commands.preview_prompt,
    args = args,
    folder = folder,
    source = bufnr,
    -- The wire view is the prompt itself (Markdown-ish); the cache-aware one the CLI's view.
    filetype = format == "wire" and "markdown" or nil,
    render = format == "wire" and require("promptls.render").wire or text,
  })
end

--- :PromptlsRender — the current file's halves and its marker-free wire text.
function M.render(bufnr)
  bufnr = (bufnr and bufnr ~= 0 and vim.api.nvim_buf_is_valid(bufnr)) and bufnr
    or vim.api.nvim_get_current_buf()
  local uri = buffer_uri(bufnr)
  if not uri then
    notify("the current buffer is not a file", vim.log.levels.WARN)
    return
  end
  return require("promptls.preview").show({
    name = "promptls://wire/" .. vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":t"),
    command = api.commands.render_wire,
    args = { uri = uri },
    folder = M.folder(M.client(bufnr), bufnr),
    source = bufnr,
    refresh_on_change = false,
    render = require("promptls.render").text,
  })
end

--- :PromptlsFixAll — ask for source.fixAll.promptls and apply its edit to the buffer.
function M.fix_all(bufnr, on_done)
  bufnr = (bufnr and bufnr ~= 0) and bufnr or vim.api.nvim_get_current_buf()
  local client = M.client(bufnr)
  if not client or not vim.lsp.buf_is_attached(bufnr, client.id) then
    notify("the server is not attached to this buffer", vim.log.levels.WARN)
    return
  end
  local last = vim.api.nvim_buf_line_count(bufnr)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = last, character = 0 } },
    context = { diagnostics = {}, only = { api.fix_all_kind } },
  }
  local function finish(applied)
    if on_done then
      on_done(applied)
    end
  end
  local function apply(action)
    if action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    end
    if action.command then
      local command = type(action.command) == "table" and action.command or action
      M.request(client, "workspace/executeCommand", command, function() end, bufnr)
    end
    finish(true)
  end
  M.request(client, "textDocument/codeAction", params, function(err, actions)
    if err then
      notify("fix all failed: " .. tostring(err.message), vim.log.levels.ERROR)
      return finish(false)
    end
    local action
    for _, a in ipairs(actions or {}) do
      if a.kind == api.fix_all_kind then
        action = a
        break
      end
    end
    if not action then
      notify("nothing to fix")
      return finish(false)
    end
    local caps = client.server_capabilities.codeActionProvider
    if not action.edit and type(caps) == "table" and caps.resolveProvider then
      M.request(client, "codeAction/resolve", action, function(rerr, resolved)
        apply((not rerr and resolved) or action)
      end, bufnr)
    else
      apply(action)
    end
  end, bufnr)
end

--- Complete from a fixed list.
local function completer(list)
  return function(lead)
    return vim.tbl_filter(function(x)
      return vim.startswith(x, lead)
    end, list)
  end
end

--- "promptls: <what the action shows>", from the shared action list (promptls.api).
local function desc(action)
  for _, a in ipairs(api.actions) do
    if a.name == action then
      return "promptls: " .. a.description
    end
  end
  return "promptls"
end

--- Create the user commands (idempotent: redefining a command replaces it).
function M.create()
  local cmd = vim.api.nvim_create_user_command
  cmd("PromptlsContext", function(o)
    M.context(o.args)
  end, { nargs = "?", complete = completer(M.profiles), desc = desc("showContextFiles") })
  cmd("PromptlsEnv", function()
    M.env()
  end, { nargs = 0, desc = desc("showEnvironment") })
  cmd("PromptlsPreview", function(o)
    M.preview(unpack(o.fargs))
  end, {
    nargs = "*",
    complete = completer(vim.list_extend(vim.list_extend({}, api.profiles), { "cache-aware", "wire", "diff" })),
    desc = desc("previewPrompt"),
  })
  cmd("PromptlsRender", function()
    M.render(0)
  end, { nargs = 0, desc = desc("renderWire") })
  cmd("PromptlsFixAll", function()
    M.fix_all(0)
  end, { nargs = 0, desc = desc("fixAll") })
  cmd("PromptlsContextTree", function()
    require("promptls.tree").open()
  end, { nargs = 0, desc = "promptls: a sidebar of what each agent loads for the current file" })
  cmd("PromptlsCacheDiff", function(o)
    if o.args ~= "" and not vim.tbl_contains(api.profiles, o.args) then
      notify("unknown profile " .. o.args, vim.log.levels.ERROR)
      return
    end
    require("promptls.cachediff").open(o.args ~= "" and o.args or nil)
  end, {
    nargs = "?",
    complete = completer(api.profiles),
    desc = "promptls: the agent's wire text, baseline and now, in a diff split",
  })
  cmd("PromptlsObserve", function(o)
    local bufnr = vim.api.nvim_get_current_buf()
    require("promptls.observe").run(o.args, M.folder(M.client(bufnr), bufnr) or vim.fn.getcwd())
  end, {
    nargs = 1,
    complete = completer(api.agent_profiles),
    desc = desc("observe"),
  })
  cmd("PromptlsObserveStop", function()
    require("promptls.observe").stop()
  end, { nargs = 0, desc = "promptls: stop a running observe (Ctrl-C to the agent's run)" })
  vim.api.nvim_create_autocmd("VimLeavePre", {
    group = vim.api.nvim_create_augroup("promptls_observe", { clear = true }),
    callback = function()
      require("promptls.observe").stop()
    end,
  })
end

return M
