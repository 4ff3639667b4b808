-- Driven by tests/editors/test_neovim_fence.py: open an AGENTS.md whose last code fence is
-- never closed, wait for the PL030 diagnostic, apply its quick fix through Neovim's own
-- code-action path and write the buffer and the diagnostics as JSON.

local out_path = assert(vim.env.PROMPTLS_TEST_OUT, "PROMPTLS_TEST_OUT not set")
local file = assert(vim.env.PROMPTLS_TEST_FILE, "PROMPTLS_TEST_FILE not set")
local timeout = tonumber(vim.env.PROMPTLS_TEST_TIMEOUT_MS or "20000")
local results = { notifications = {} }
local step_name = "start"

vim.notify = function(msg, level)
  results.notifications[#results.notifications + 1] = { msg = tostring(msg), level = level }
end
vim.ui.select = function(items, _, on_choice)
  local titles = {}
  for _, item in ipairs(items) do
    titles[#titles + 1] = (item.action or item).title or vim.inspect(item)
  end
  results.unexpected_select = titles
  on_choice(nil)
end

local function wait(what, predicate)
  if not vim.wait(timeout, predicate, 10) then
    error(string.format("timed out after %d ms waiting for %s", timeout, what), 0)
  end
end

local function pl030(buf)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if tostring(d.code) == "PL030" then
      return d
    end
  end
end

local function run()
  step_name = "open the file"
  vim.cmd.edit(vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local win = vim.api.nvim_get_current_win()
  results.fileformat = vim.bo[buf].fileformat

  step_name = "the PL030 diagnostic"
  wait("the PL030 diagnostic", function()
    return pl030(buf) ~= nil
  end)
  local d = pl030(buf)
  results.diagnostic = {
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, message = d.message,
  }

  step_name = "the quick fix"
  vim.api.nvim_win_set_cursor(win, { d.lnum + 1, d.col })
  local before = vim.b[buf].changedtick
  vim.lsp.buf.code_action({
    apply = true,
    filter = function(action)
      return action.kind == "quickfix" and action.title:find("Close the code fence", 1, true) ~= nil
    end,
  })
  wait("the quick fix to edit the buffer", function()
    return vim.b[buf].changedtick ~= before or results.unexpected_select ~= nil
  end)
  if results.unexpected_select then
    error("the quick fix was not offered alone: " .. vim.inspect(results.unexpected_select), 0)
  end
  results.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

  step_name = "the diagnostic goes away"
  wait("PL030 to go away", function()
    return pl030(buf) == nil
  end)
  results.cleared = true
end

local ok, err = xpcall(run, debug.traceback)
results.ok = ok
if not ok then
  results.error = string.format("step %q: %s", step_name, tostring(err))
end
vim.fn.writefile({ vim.json.encode(results) }, out_path)
vim.cmd("qall!")
