-- Driven by tests/editors/test_neovim_navigation.py in a real headless Neovim: go to
-- definition on an @import (vim.lsp.buf.definition, the gd users map) and completion
-- after "@" through the omnifunc the LSP client installs (<C-x><C-o> typed in insert
-- mode), against the real server. Writes what the editor saw as JSON, then quits.

local out_path = assert(vim.env.PROMPTLS_TEST_OUT, "PROMPTLS_TEST_OUT not set")
local claude = assert(vim.env.PROMPTLS_TEST_CLAUDE, "PROMPTLS_TEST_CLAUDE not set")
local timeout = tonumber(vim.env.PROMPTLS_TEST_TIMEOUT_MS or "20000")
local results = { steps = {}, notifications = {} }
local step_name = "start"

local function step(name)
  step_name = name
  results.steps[#results.steps + 1] = name
end

local function finish(ok, err)
  results.ok = ok
  if not ok then
    results.error = string.format("step %q: %s", step_name, tostring(err))
  end
  vim.fn.writefile({ vim.json.encode(results) }, out_path)
  vim.cmd("qall!")
end

local function wait(what, predicate)
  if not vim.wait(timeout, predicate, 10) then
    error(string.format("timed out after %d ms waiting for %s", timeout, what), 0)
  end
end

vim.notify = function(msg, level)
  results.notifications[#results.notifications + 1] = { msg = tostring(msg), level = level }
end

local function definition()
  step("open CLAUDE.md and wait for the client")
  vim.cmd.edit(vim.fn.fnameescape(claude))
  local buf = vim.api.nvim_get_current_buf()
  wait("promptls to attach", function()
    return #vim.lsp.get_clients({ bufnr = buf, name = "promptls" }) > 0
  end)
  local client = vim.lsp.get_clients({ bufnr = buf, name = "promptls" })[1]
  wait("the server to be initialized", function()
    return client.initialized
  end)
  results.offset_encoding = client.offset_encoding

  step("go to definition on the @import")
  local line = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
  local at = assert(line:find("@docs/style.md", 1, true), "no @import on line 2")
  vim.api.nvim_win_set_cursor(0, { 2, at + 3 }) -- a byte column inside the token
  vim.lsp.buf.definition()
  wait("the jump to docs/style.md", function()
    return vim.api.nvim_buf_get_name(0):match("docs/style%.md$") ~= nil
  end)
  results.definition = {
    name = vim.api.nvim_buf_get_name(0),
    cursor = vim.api.nvim_win_get_cursor(0),
    first_line = vim.api.nvim_buf_get_lines(0, 0, 1, false)[1],
  }
  vim.cmd.edit(vim.fn.fnameescape(claude))
  return buf
end

-- Completion runs in insert mode, which only starts once this script has returned to
-- the main loop; a timer checks the popup menu's items.
local function completion(buf)
  step("complete after @ with <C-x><C-o>")
  results.omnifunc = vim.bo[buf].omnifunc
  vim.opt.completeopt = { "menuone", "noinsert", "noselect" }
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { "漢字 😀 voir @docs/" })
  vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(buf), 0 })
  local deadline = vim.uv.now() + timeout
  local timer = assert(vim.uv.new_timer())
  timer:start(50, 50, vim.schedule_wrap(function()
    local info = vim.fn.complete_info({ "items" })
    if #info.items > 0 or vim.uv.now() > deadline then
      timer:stop()
      local words = {}
      for _, item in ipairs(info.items) do
        words[#words + 1] = item.word
      end
      results.completion = { words = words, mode = vim.api.nvim_get_mode().mode }
      if #words == 0 then
        finish(false, "no completion items after " .. timeout .. " ms")
      else
        finish(true)
      end
    end
  end))
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("A<C-x><C-o>", true, false, true), "t", false)
end

local ok, err = xpcall(function()
  completion(definition())
end, debug.traceback)
if not ok then
  finish(false, err)
end
