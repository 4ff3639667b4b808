-- Driven by tests/editors/test_neovim.py inside a real headless Neovim: exercise the plugin
-- against the real server and write what the editor saw as JSON for pytest to assert.
-- Every wait is vim.wait(timeout, predicate); a timeout records which step it was and quits.

local MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
local out_path = assert(vim.env.PROMPTLS_TEST_OUT, "PROMPTLS_TEST_OUT not set")
local prompt_file = assert(vim.env.PROMPTLS_TEST_FILE, "PROMPTLS_TEST_FILE not set")
local timeout = tonumber(vim.env.PROMPTLS_TEST_TIMEOUT_MS or "20000")

local results = { steps = {}, notifications = {} }
local step_name = "start"

local function step(name)
  step_name = name
  results.steps[#results.steps + 1] = name
end

local function server_quit()
  for _, n in ipairs(results.notifications) do
    if n.msg:find("quit with exit code", 1, true) then
      return n.msg
    end
  end
end

local function wait(what, predicate)
  local done = vim.wait(timeout, function()
    return predicate() or server_quit() ~= nil
  end, 10)
  local quit = server_quit()
  if quit then
    error(string.format("the server stopped while waiting for %s: %s", what, quit), 0)
  end
  if not done then
    error(string.format("timed out after %d ms waiting for %s", timeout, what), 0)
  end
end

-- Record messages instead of showing them; a selection prompt would block headless Neovim.
vim.notify = function(msg, level)
  results.notifications[#results.notifications + 1] = { msg = tostring(msg), level = level }
end
vim.ui.select = function(items, _, on_choice)
  local titles = {}
  for _, item in ipairs(items) do
    local action = item.action or item
    titles[#titles + 1] = action.title or vim.inspect(item)
  end
  results.unexpected_select = titles
  on_choice(nil)
end

local function lines_of(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

local function marker_count(buf)
  local n = 0
  for _, line in ipairs(lines_of(buf)) do
    local start = 1
    while true do
      local s, e = line:find(MARKER, start, true)
      if not s then
        break
      end
      n = n + 1
      start = e + 1
    end
  end
  return n
end

local function buffer_named(name)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == name then
      return b
    end
  end
end

--- Run a view command from window `win` and wait until its buffer `name` is filled.
local function open_view(win, command, name)
  vim.api.nvim_set_current_win(win)
  vim.cmd(command)
  local buf = buffer_named(name)
  if not buf then
    error(":" .. command .. " opened no " .. name .. " buffer", 0)
  end
  wait(name .. " to be filled", function()
    return vim.b[buf].promptls_updated ~= nil
  end)
  return buf
end

local function promptls_diagnostics(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == "promptls" or (d.user_data and d.user_data.lsp and d.user_data.lsp.source == "promptls") then
      local lsp = d.user_data and d.user_data.lsp or {}
      found[#found + 1] = {
        code = d.code and tostring(d.code) or nil,
        lnum = d.lnum,
        col = d.col,
        end_lnum = d.end_lnum,
        end_col = d.end_col,
        message = d.message,
        lsp_range = lsp.range,
        related = lsp.relatedInformation,
      }
    end
  end
  return found
end

local function has_code(diags, code)
  for _, d in ipairs(diags) do
    if d.code == code then
      return d
    end
  end
end

local function run()
  step("open the prompt file")
  vim.cmd.edit(vim.fn.fnameescape(prompt_file))
  local buf = vim.api.nvim_get_current_buf()
  local win = vim.api.nvim_get_current_win()
  results.filetype = vim.bo[buf].filetype

  step("attach the promptls client")
  local client
  wait("the promptls client to attach and initialize", function()
    client = vim.lsp.get_clients({ name = "promptls", bufnr = buf })[1]
    return client ~= nil and client.initialized == true
  end)
  results.offset_encoding = client.offset_encoding
  results.lsp_enabled = vim.lsp.is_enabled("promptls")
  local shipped = dofile(vim.env.PROMPTLS_REPO .. "/editors/neovim/lsp/promptls.lua")
  results.shipped = { cmd = shipped.cmd, filetypes = shipped.filetypes, root_markers = shipped.root_markers }
  -- Where vim.lsp.enable finds the config: the runtimepath's lsp/promptls.lua.
  results.lsp_config_file = vim.api.nvim_get_runtime_file("lsp/promptls.lua", false)[1]
  results.prompt_filetypes = {
    vim.filetype.match({ filename = vim.fn.getcwd() .. "/review.prompt" }) or vim.NIL,
    vim.filetype.match({ filename = vim.fn.getcwd() .. "/prompts/agent/system.txt" }) or vim.NIL,
    vim.filetype.match({ filename = vim.fn.getcwd() .. "/notes/todo.prompt.txt" }) or vim.NIL,
  }
  results.instruction_filetypes = {
    vim.filetype.match({ filename = vim.fn.getcwd() .. "/.cursor/rules/api.mdc" }) or vim.NIL,
    vim.filetype.match({ filename = vim.fn.getcwd() .. "/.cursorrules" }) or vim.NIL,
  }
  results.server_name = client.server_info and client.server_info.name
  results.root_dir = client.root_dir

  step("diagnostics")
  wait("a PL001 diagnostic from promptls", function()
    return has_code(promptls_diagnostics(buf), "PL001") ~= nil
  end)
  results.diagnostics = promptls_diagnostics(buf)

  step("statusline")
  wait("the statusline to show the profile and revision", function()
    return require("promptls").status(buf):find("·", 1, true) ~= nil
  end)
  results.status = require("promptls").status(buf)

  step("code lens on the first marker")
  local lens
  wait("a code lens from promptls", function()
    lens = vim.lsp.codelens.get(buf)[1]
    return lens ~= nil and lens.command ~= nil
  end)
  results.codelens = { title = lens.command.title, line = lens.range.start.line }
  vim.api.nvim_win_set_cursor(win, { lens.range.start.line + 1, 0 })
  vim.lsp.codelens.run()
  local lens_buf
  wait("running the lens to open the wire view", function()
    lens_buf = buffer_named("promptls://wire/" .. vim.fn.fnamemodify(prompt_file, ":t"))
    return lens_buf ~= nil and vim.b[lens_buf].promptls_updated ~= nil
  end)
  results.codelens.opened = lines_of(lens_buf)
  vim.api.nvim_set_current_win(win)

  step("hover on the first marker")
  local first_row, first_col
  for i, line in ipairs(lines_of(buf)) do
    local s = line:find(MARKER, 1, true)
    if s then
      first_row, first_col = i, s - 1
      break
    end
  end
  vim.api.nvim_win_set_cursor(win, { first_row, first_col + 3 })
  local params = vim.lsp.util.make_position_params(win, client.offset_encoding)
  local answers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, timeout) or {}
  local answer = answers[client.id]
  if not answer then
    error("no hover answer from promptls", 0)
  end
  if answer.err then
    error("hover failed: " .. vim.inspect(answer.err), 0)
  end
  local contents = answer.result and answer.result.contents
  if type(contents) == "table" then
    results.hover_kind = contents.kind
    results.hover = contents.value or vim.inspect(contents)
  else
    results.hover = contents
  end

  step(":PromptlsContext all")
  vim.cmd("PromptlsContext all")
  local ctx_buf = buffer_named("promptls://context/all")
  if not ctx_buf then
    error(":PromptlsContext all opened no promptls://context/all buffer", 0)
  end
  wait("the context buffer to be filled", function()
    return vim.b[ctx_buf].promptls_updated ~= nil
  end)
  results.context = {
    lines = lines_of(ctx_buf),
    filetype = vim.bo[ctx_buf].filetype,
    buftype = vim.bo[ctx_buf].buftype,
    modifiable = vim.bo[ctx_buf].modifiable,
    attached = #vim.lsp.get_clients({ bufnr = ctx_buf }),
  }

  step(":PromptlsPreview wire")
  vim.api.nvim_set_current_win(win)
  vim.cmd("PromptlsPreview wire")
  local prev_buf = buffer_named("promptls://preview/wire")
  if not prev_buf then
    error(":PromptlsPreview wire opened no promptls://preview/wire buffer", 0)
  end
  wait("the preview buffer to be filled", function()
    return vim.b[prev_buf].promptls_updated ~= nil
  end)
  results.preview = { lines = lines_of(prev_buf), filetype = vim.bo[prev_buf].filetype }

  step(":PromptlsPreview cache-aware")
  local blocks_buf = open_view(win, "PromptlsPreview cache-aware", "promptls://preview/cache-aware")
  results.preview_blocks = { lines = lines_of(blocks_buf), filetype = vim.bo[blocks_buf].filetype }

  step(":PromptlsPreview codex (the profile picker)")
  results.preview_completion = vim.fn.getcompletion("PromptlsPreview co", "cmdline")
  local codex_buf = open_view(win, "PromptlsPreview codex", "promptls://preview/codex/cache-aware")
  results.preview_codex = lines_of(codex_buf)

  step(":PromptlsPreview codex diff")
  local diff_buf = open_view(win, "PromptlsPreview codex diff", "promptls://preview/diff/codex")
  results.preview_diff_before = lines_of(diff_buf)

  step(":PromptlsEnv")
  vim.api.nvim_set_current_win(win)
  vim.cmd("PromptlsEnv")
  local env_buf = buffer_named("promptls://environment")
  wait("the environment buffer to be filled", function()
    return env_buf and vim.b[env_buf].promptls_updated ~= nil
  end)
  results.environment = lines_of(env_buf)

  step(":PromptlsRender")
  vim.api.nvim_set_current_win(win)
  vim.cmd("PromptlsRender")
  local wire_buf = buffer_named("promptls://wire/" .. vim.fn.fnamemodify(prompt_file, ":t"))
  local rendered_before = wire_buf and vim.b[wire_buf].promptls_updated or 0
  wait("the render buffer to be filled again", function()
    return wire_buf and (vim.b[wire_buf].promptls_updated or 0) > rendered_before
  end)
  results.render = lines_of(wire_buf)

  step("promptls/contextChanged refreshes the preview")
  local project_file = assert(vim.env.PROMPTLS_TEST_PROJECT_FILE)
  local new_rule = assert(vim.env.PROMPTLS_TEST_NEW_RULE)
  local updates = vim.b[prev_buf].promptls_updated
  local old = vim.fn.readfile(project_file)
  old[#old + 1] = new_rule
  vim.fn.writefile(old, project_file)
  wait("the wire preview to show the changed AGENTS.md", function()
    return vim.b[prev_buf].promptls_updated ~= updates
      and table.concat(lines_of(prev_buf), "\n"):find(new_rule, 1, true) ~= nil
  end)
  results.preview_after_change = lines_of(prev_buf)
  wait("the cache diff to name the changed AGENTS.md", function()
    return table.concat(lines_of(diff_buf), "\n"):find("first difference", 1, true) ~= nil
  end)
  results.preview_diff_after = lines_of(diff_buf)
  results.preview_revision_after = vim.b[prev_buf].promptls_revision
  results.revisions = require("promptls.preview").revisions
  results.status_after_change = require("promptls").status(buf)

  step(":checkhealth promptls")
  vim.api.nvim_set_current_win(win)
  vim.cmd("checkhealth promptls")
  results.health = lines_of(vim.api.nvim_get_current_buf())
  vim.api.nvim_set_current_win(win)

  step("quick fix for the duplicate marker")
  vim.api.nvim_set_current_win(win)
  local dup = has_code(results.diagnostics, "PL001")
  vim.api.nvim_win_set_cursor(win, { dup.lnum + 1, dup.col })
  local before = vim.b[buf].changedtick
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      if action.kind ~= "quickfix" then
        return false
      end
      for _, d in ipairs(action.diagnostics or {}) do
        if tostring(d.code) == "PL001" and not action.title:lower():find("disable") then
          return true
        end
      end
      return false
    end,
  })
  wait("the quick fix to edit the buffer", function()
    return vim.b[buf].changedtick ~= before or results.unexpected_select ~= nil
  end)
  if results.unexpected_select then
    error("more than one quick fix matched: " .. vim.inspect(results.unexpected_select), 0)
  end
  results.after_quickfix = lines_of(buf)
  results.markers_after_quickfix = marker_count(buf)

  step(":PromptlsFixAll")
  vim.cmd.undo()
  results.markers_after_undo = marker_count(buf)
  local undone = vim.b[buf].changedtick
  vim.cmd("PromptlsFixAll")
  wait(":PromptlsFixAll to edit the buffer", function()
    return vim.b[buf].changedtick ~= undone
  end)
  results.after_fix_all = lines_of(buf)
  results.markers_after_fix_all = marker_count(buf)

  step("diagnostics follow the fix")
  wait("the PL001 diagnostic to go away", function()
    return has_code(promptls_diagnostics(buf), "PL001") == nil
  end)
  results.diagnostics_after_fix = promptls_diagnostics(buf)
end

-- From a source file, before anything started the server: :PromptlsContext starts it
-- (not attached to the Python buffer) and answers which instructions apply to that file.
local function run_source()
  step("open a source file")
  local source = assert(vim.env.PROMPTLS_TEST_SOURCE, "PROMPTLS_TEST_SOURCE not set")
  vim.cmd.edit(vim.fn.fnameescape(source))
  local buf = vim.api.nvim_get_current_buf()
  results.source_filetype = vim.bo[buf].filetype
  if #vim.lsp.get_clients({ name = "promptls" }) ~= 0 then
    error("a promptls client runs before any prompt file was opened", 0)
  end

  step(":PromptlsContext all from the source file")
  vim.cmd("PromptlsContext all")
  local ctx_buf
  wait("the context buffer to be filled", function()
    ctx_buf = buffer_named("promptls://context/all")
    return ctx_buf ~= nil and vim.b[ctx_buf].promptls_updated ~= nil
  end)
  results.context = { lines = lines_of(ctx_buf) }
  results.source_attached = #vim.lsp.get_clients({ bufnr = buf })
end

-- PL030: an AGENTS.md whose last fence is never closed (written here from the text the
-- test passes); the diagnostic, then its quick fix through Neovim's code-action path.
local function run_fence()
  step("open the file with an unclosed fence")
  local project = assert(vim.env.PROMPTLS_TEST_PROJECT_FILE, "PROMPTLS_TEST_PROJECT_FILE not set")
  local path = vim.fs.joinpath(vim.fs.dirname(project), "fenced", "AGENTS.md")
  vim.fn.mkdir(vim.fs.dirname(path), "p")
  local handle = assert(io.open(path, "wb"))
  local text = assert(vim.env.PROMPTLS_TEST_FENCE_TEXT, "PROMPTLS_TEST_FENCE_TEXT not set")
  handle:write(text)
  handle:close()
  vim.cmd.edit(vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  results.fence_path = path
  results.fileformat = vim.bo[buf].fileformat

  step("the PL030 diagnostic")
  wait("the PL030 diagnostic", function()
    return has_code(promptls_diagnostics(buf), "PL030") ~= nil
  end)
  local d = has_code(promptls_diagnostics(buf), "PL030")
  results.fence_diagnostic = d

  step("the fence's quick fix")
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local before = vim.b[buf].changedtick
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      return action.title == "Close the code fence at the end of the file"
    end,
  })
  wait("the quick fix to edit the buffer", function()
    return vim.b[buf].changedtick ~= before or results.unexpected_select ~= nil
  end)
  if results.unexpected_select then
    error("the quick fix was not offered alone: " .. vim.inspect(results.unexpected_select), 0)
  end
  vim.cmd.write()
  wait("PL030 to go away", function()
    return has_code(promptls_diagnostics(buf), "PL030") == nil
  end)
  results.fence_cleared = true
end


-- An unopened file's problem: the server checks the whole workspace after start-up, so
-- the shadowed AGENTS.md gets a diagnostic (an unloaded buffer's, what the quickfix list
-- and vim.diagnostic.get() show) without being opened.
local function run_workspace()
  step("open the prompt file")
  vim.cmd.edit(vim.fn.fnameescape(prompt_file))
  local buf = vim.api.nvim_get_current_buf()
  wait("the promptls client to attach and initialize", function()
    local client = vim.lsp.get_clients({ name = "promptls", bufnr = buf })[1]
    return client ~= nil and client.initialized == true
  end)

  step("a diagnostic for the unopened shadowed file")
  local shadowed = assert(vim.env.PROMPTLS_TEST_PROJECT_FILE, "PROMPTLS_TEST_PROJECT_FILE not set")
  local found
  wait("PL015 on the unopened " .. shadowed, function()
    for _, d in ipairs(vim.diagnostic.get()) do
      if tostring(d.code) == "PL015" and vim.api.nvim_buf_get_name(d.bufnr) == shadowed then
        found = d
        return true
      end
    end
    return false
  end)
  vim.diagnostic.setqflist({ open = false })
  local listed = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    listed[#listed + 1] = { file = vim.api.nvim_buf_get_name(item.bufnr), text = item.text }
  end
  results.workspace = {
    code = tostring(found.code),
    lnum = found.lnum,
    col = found.col,
    message = found.message,
    loaded = vim.api.nvim_buf_is_loaded(found.bufnr),
    quickfix = listed,
  }
end

--- The screen as the terminal shows it (the tree scenario runs in tmux, not headless):
--- once tmux's copy of the screen shows `expect`, its text with colours is written to
--- PROMPTLS_TEST_SHOTS/<name>.ansi (tests/editors/screen.py turns it into a PNG).
local function screen(name, expect)
  local dir = vim.env.PROMPTLS_TEST_SHOTS
  if dir == nil or dir == "" or vim.env.TMUX == nil then
    error("the tree scenario runs inside tmux with PROMPTLS_TEST_SHOTS set", 0)
  end
  vim.cmd("redraw!")
  local text
  wait("the screen to show " .. expect, function()
    text = vim.fn.system({ "tmux", "capture-pane", "-p", "-e", "-t", vim.env.TMUX_PANE })
    return text:gsub("\27%[[%d;]*m", ""):find(expect, 1, true) ~= nil
  end)
  vim.fn.writefile(vim.split(text, "\n", { plain = true }), dir .. "/" .. name .. ".ansi")
  results.shots[#results.shots + 1] = name
end

local function find_line(buf, ...)
  local needles = { ... }
  for i, line in ipairs(lines_of(buf)) do
    local all = true
    for _, n in ipairs(needles) do
      all = all and line:find(n, 1, true) ~= nil
    end
    if all then
      return i
    end
  end
end

--- :PromptlsContextTree follows the current buffer, folds per agent, <CR> opens a file;
--- :PromptlsCacheDiff shows the agent's wire text, baseline and now, in a diff split.
local function run_tree()
  results.shots = {}
  local source = assert(vim.env.PROMPTLS_TEST_SOURCE, "PROMPTLS_TEST_SOURCE not set")
  local rule = ".claude/rules/api.md"
  step("open the source file and the tree")
  vim.cmd.edit(vim.fn.fnameescape(source))
  local source_win = vim.api.nvim_get_current_win()
  vim.cmd("PromptlsContextTree")
  local tree = require("promptls.tree")
  local buf = tree.state.buf
  wait("the tree to answer for the source file", function()
    return find_line(buf, rule) ~= nil and lines_of(buf)[1]:find("src/api/handler.py", 1, true) ~= nil
  end)
  results.tree_source = lines_of(buf)
  results.tree_window = { width = vim.api.nvim_win_get_width(vim.fn.bufwinid(buf)), current = vim.api.nvim_get_current_win() == source_win }
  screen("01-tree-source-file", rule)

  step("the tree follows the buffer")
  vim.cmd.edit(vim.fn.fnameescape(prompt_file))
  wait("the tree to answer for the prompt file", function()
    return lines_of(buf)[1]:find("prompts/agent.prompt.md", 1, true) ~= nil and find_line(buf, rule, "conditional") ~= nil
  end)
  results.tree_prompt = lines_of(buf)
  screen("02-tree-follows-buffer", "prompts/agent.prompt.md")

  step("fold an agent")
  local tree_win = vim.fn.bufwinid(buf)
  vim.api.nvim_set_current_win(tree_win)
  local header = assert(find_line(buf, "claude"), "no claude line")
  vim.api.nvim_win_set_cursor(tree_win, { header, 0 })
  results.fold_before = vim.fn.foldclosed(header + 1)
  vim.api.nvim_feedkeys(vim.keycode("<CR>"), "x", false)
  results.fold_after = vim.fn.foldclosed(header + 1)
  screen("03-tree-agent-folded", "claude")
  vim.api.nvim_feedkeys(vim.keycode("<CR>"), "x", false)
  results.fold_reopened = vim.fn.foldclosed(header + 1)

  step("<CR> opens a file")
  local line = assert(find_line(buf, "1. CLAUDE.md"), "no CLAUDE.md line")
  vim.api.nvim_win_set_cursor(tree_win, { line, 0 })
  vim.api.nvim_feedkeys(vim.keycode("<CR>"), "x", false)
  results.opened = { name = vim.api.nvim_buf_get_name(0), win = vim.api.nvim_get_current_win() == source_win }
  local claude_buf = vim.api.nvim_get_current_buf()

  step("the cache diff")
  vim.cmd("PromptlsCacheDiff claude")
  local diff = require("promptls.cachediff")
  local new = diff.state.new
  wait("the cache diff to open", function()
    return vim.b[new].promptls_summary ~= nil
  end)
  results.diff_before = vim.b[new].promptls_summary
  step("edit and write CLAUDE.md")
  vim.cmd("tabprevious")
  vim.api.nvim_set_current_buf(claude_buf)
  vim.api.nvim_buf_set_lines(claude_buf, -1, -1, false, { "", "Claude rule added while the diff was open." })
  vim.cmd("write")
  vim.cmd("tabnext")
  wait("the cache diff to show the edit", function()
    return (vim.b[new].promptls_summary or ""):find("first difference", 1, true) ~= nil
  end)
  local diff_wins = 0
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.wo[win].diff then
      diff_wins = diff_wins + 1
    end
  end
  results.diff = { summary = vim.b[new].promptls_summary, old = lines_of(diff.state.old), new = lines_of(new), windows = diff_wins }
  screen("04-cache-diff-split", "first difference")
  step("the tree after the write")
  vim.cmd("tabprevious")
  results.tree_after_write = lines_of(buf)
end

local scenarios = { tour = run, source = run_source, fence = run_fence, workspace = run_workspace, tree = run_tree }
local ok, err = xpcall(scenarios[vim.env.PROMPTLS_TEST_SCENARIO or "tour"], debug.traceback)
results.ok = ok
if not ok then
  results.error = string.format("step %q: %s", step_name, tostring(err))
end
vim.fn.writefile({ vim.json.encode(results) }, out_path)
if vim.env.PROMPTLS_TEST_DONE_CHANNEL then
  -- Running in tmux: tell the test (waiting on this channel) that the result is written.
  vim.fn.system({ "tmux", "wait-for", "-S", vim.env.PROMPTLS_TEST_DONE_CHANNEL })
end
vim.cmd("qall!")
