-- Scratch buffers that show the answers of the server's workspace commands, and keep them
-- current: a view remembers how it was made, so promptls/contextChanged can redo it.

local M = {}

--- bufnr -> view: { name, command, args, render, folder, filetype? }.
M.views = {}

--- The revision last announced by the server per folder (for statuslines and tests).
M.revisions = {}

--- An existing buffer with exactly this name, so a second :PromptlsContext reuses its view.
local function find_buffer(name)
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_valid(buf) and vim.api.nvim_buf_get_name(buf) == name then
      return buf
    end
  end
  return nil
end

--- A scratch buffer: not a file, never saved, hidden rather than wiped when left.
local function scratch(name, filetype)
  local buf = find_buffer(name)
  if buf then
    return buf
  end
  buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buf, name)
  vim.bo[buf].buftype = "nofile"
  vim.bo[buf].bufhidden = "hide"
  vim.bo[buf].swapfile = false
  vim.bo[buf].modifiable = false
  -- Plain text (the server's own view) unless the view says otherwise; buftype=nofile
  -- keeps the LSP client from attaching to it.
  vim.bo[buf].filetype = filetype or "text"
  return buf
end

--- Replace a read-only buffer's text (lines may hold newlines from the server's strings).
function M.set_lines(buf, lines)
  local flat = {}
  for _, line in ipairs(lines) do
    for _, part in ipairs(vim.split(line, "\n", { plain = true })) do
      flat[#flat + 1] = (part:gsub("\r$", ""))
    end
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, flat)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
end

--- Show the buffer in a split unless a window in this tab already shows it.
local function display(buf)
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_buf(win) == buf then
      return
    end
  end
  vim.cmd("botright split")
  vim.api.nvim_win_set_buf(0, buf)
end

--- Ask the server again and redraw the view; errors land in the buffer, not in a crash.
function M.refresh(buf)
  local view = M.views[buf]
  if not view or not vim.api.nvim_buf_is_valid(buf) then
    M.views[buf] = nil
    return
  end
  require("promptls.commands").execute(view.command, view.args, function(err, result)
    if not vim.api.nvim_buf_is_valid(buf) then
      return
    end
    local lines
    if err then
      lines = { "# promptls: " .. view.command .. " failed", "", tostring(err.message or err) }
    else
      local ok, rendered = pcall(view.render, result)
      lines = ok and rendered or { "# promptls: could not render the answer", "", tostring(rendered) }
    end
    M.set_lines(buf, lines)
    vim.b[buf].promptls_updated = (vim.b[buf].promptls_updated or 0) + 1
    if type(result) == "table" and result.revision ~= nil then
      vim.b[buf].promptls_revision = result.revision
    end
  end, view.source)
end

--- Open (or reuse) the view's buffer, show it, and fill it from the server.
function M.show(view)
  local buf = scratch(view.name, view.filetype)
  M.views[buf] = view
  display(buf)
  M.refresh(buf)
  return buf
end

--- Same folder whether the server speaks in paths or file:// URIs.
local function same_folder(a, b)
  if a == nil or b == nil then
    return true
  end
  local function norm(x)
    if type(x) ~= "string" then
      return x
    end
    if x:match("^file://") then
      x = vim.uri_to_fname(x)
    end
    return (x:gsub("/+$", ""))
  end
  return norm(a) == norm(b)
end

--- Handler for promptls/contextChanged: redo every view of that folder.
function M.on_context_changed(_, params, _)
  params = params or {}
  if params.folder ~= nil then
    M.revisions[params.folder] = params.revision
    vim.cmd("redrawstatus")
  end
  for buf, view in pairs(M.views) do
    if not vim.api.nvim_buf_is_valid(buf) then
      M.views[buf] = nil
    elseif view.refresh_on_change ~= false and same_folder(view.folder, params.folder) then
      M.refresh(buf)
    end
  end
  -- The sidebar and the cache diff, only when they were opened (loaded) at all.
  for _, name in ipairs({ "promptls.tree", "promptls.cachediff" }) do
    if package.loaded[name] then
      package.loaded[name].on_context_changed(params)
    end
  end
end

return M
