-- :PromptlsCacheDiff [profile] — one agent's wire text as the server kept it when the diff
-- first opened (the baseline) beside its wire text now, in a diff split of its own tab
-- (promptls.previewDiff with `texts`). Both sides start with the server's summary line:
-- the agent, the first differing byte and whether the cached prefix breaks there. Both
-- follow promptls/contextChanged and writes.

local api = require("promptls.api")

local M = {}

--- The open diff: { folder, profile, old = buf, new = buf }.
M.state = nil

local function side(name)
  local buf = vim.fn.bufnr(name)
  if buf == -1 then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, name)
  end
  vim.bo[buf].buftype = "nofile"
  vim.bo[buf].bufhidden = "hide"
  vim.bo[buf].swapfile = false
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = "text"
  return buf
end

--- One side's lines: the summary, a blank line, then the wire text.
function M.side_lines(result, which)
  local wire = which == "old" and result.oldWire or result.newWire
  return { result.summary, "", type(wire) == "string" and wire or "" }
end

--- Ask the server again and redraw both sides (the diff follows by itself).
function M.refresh()
  local st = M.state
  if not st or not vim.api.nvim_buf_is_valid(st.old) or not vim.api.nvim_buf_is_valid(st.new) then
    return
  end
  local args = { folder = st.folder, profile = st.profile, texts = true }
  require("promptls.commands").execute(api.commands.preview_diff, args, function(err, result)
    if M.state ~= st or not vim.api.nvim_buf_is_valid(st.old) or not vim.api.nvim_buf_is_valid(st.new) then
      return
    end
    local set_lines = require("promptls.preview").set_lines
    if err or type(result) ~= "table" then
      local lines = { "promptls: previewDiff failed", "", tostring(err and err.message or result) }
      set_lines(st.old, lines)
      set_lines(st.new, lines)
    else
      set_lines(st.old, M.side_lines(result, "old"))
      set_lines(st.new, M.side_lines(result, "new"))
      vim.b[st.new].promptls_summary = result.summary
    end
    vim.b[st.new].promptls_updated = (vim.b[st.new].promptls_updated or 0) + 1
    for _, win in ipairs(vim.fn.win_findbuf(st.new)) do
      vim.api.nvim_win_call(win, function()
        vim.cmd("diffupdate")
      end)
    end
  end)
end

--- Open the split for `profile` (nil: the folder's own agent) in a new tab.
function M.open(profile)
  local commands = require("promptls.commands")
  local bufnr = vim.api.nvim_get_current_buf()
  local folder = commands.folder(commands.client(bufnr), bufnr)
  local label = profile or "default"
  -- No slash after the scheme: the tab line shortens every path component but the last.
  local old = side("promptls://" .. label .. " cache diff: baseline")
  local new = side("promptls://" .. label .. " cache diff: now")
  M.state = { folder = folder, profile = profile, old = old, new = new }
  vim.cmd("tabnew")
  local scratch = vim.api.nvim_get_current_buf()
  vim.api.nvim_win_set_buf(0, old)
  vim.cmd("diffthis")
  vim.cmd("rightbelow vsplit")
  vim.api.nvim_win_set_buf(0, new)
  vim.cmd("diffthis")
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    vim.wo[win].wrap = true
    vim.wo[win].foldenable = false
  end
  if vim.api.nvim_buf_is_valid(scratch) and scratch ~= old and scratch ~= new then
    pcall(vim.api.nvim_buf_delete, scratch, {})
  end
  local group = vim.api.nvim_create_augroup("promptls_cachediff", { clear = true })
  vim.api.nvim_create_autocmd("BufWritePost", { group = group, callback = M.refresh })
  M.refresh()
  return new
end

function M.on_context_changed()
  M.refresh()
end

return M
