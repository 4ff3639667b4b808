-- :PromptlsContextTree — a sidebar that follows the current buffer and shows, for its file,
-- each agent the repository is set up for and, under it, the files that agent loads, in
-- load order, with status, bytes and estimated tokens (promptls.showContextFiles with the
-- buffer's URI). Agents that load the same files share one fold; <CR> on a file opens it
-- in the window you came from, on an agent toggles its fold. It refreshes on BufEnter,
-- after writes and on promptls/contextChanged; the old lines stay until the new answer is
-- in, and a stale answer (the buffer changed meanwhile) is dropped.

local api = require("promptls.api")

local M = {}

M.name = "promptls://context-tree"
M.width = 48

--- Statuses whose bytes reach the model.
local SENT = { loaded = true, cut = true, imported = true }

--- A sign per status (plain symbols, so every font shows them) and its highlight group.
local SIGNS = {
  loaded = { "✓", "DiagnosticOk" },
  imported = { "↳", "DiagnosticOk" },
  cut = { "✂", "DiagnosticWarn" },
  dropped = { "✗", "DiagnosticError" },
  shadowed = { "⊘", "DiagnosticError" },
  ["import-error"] = { "!", "DiagnosticError" },
  lazy = { "◷", "Comment" },
  conditional = { "?", "Comment" },
  ["on-request"] = { "…", "Comment" },
  skipped = { "○", "Comment" },
}

local ns = vim.api.nvim_create_namespace("promptls_tree")

--- State of the one tree: its buffer, the file it answers for, line -> row, the last key.
M.state = { buf = nil, target = nil, rows = {}, key = nil, generation = 0, source_win = nil }

--- Bytes in a few characters: 308 B, 1.2 KB.
local function short_bytes(n)
  if n < 1000 then
    return string.format("%d B", n)
  elseif n < 100000 then
    return string.format("%.1f KB", n / 1024)
  end
  return string.format("%d KB", math.floor(n / 1024 + 0.5))
end

--- A path as a person reads it: relative below the root, ~/ below the home folder.
function M.shown(path, root)
  local home = vim.env.HOME
  for _, base in ipairs({ { root, "" }, { home, "~/" } }) do
    local dir = base[1]
    if type(dir) == "string" and dir ~= "" then
      dir = dir:gsub("/+$", "")
      if path:sub(1, #dir + 1) == dir .. "/" then
        return base[2] .. path:sub(#dir + 2)
      end
    end
  end
  return path
end

--- One agent's rows: the files it sends in load order, then the rest (missing names left out).
function M.agent_rows(profile)
  local sent = {}
  for _, f in ipairs(profile.files or {}) do
    sent[f.order] = f
  end
  local first, rest = {}, {}
  for _, e in ipairs(profile.entries or {}) do
    local missing = e.status == "skipped" and e.size == vim.NIL
    if not missing then
      local file = (e.order ~= vim.NIL and SENT[e.status]) and sent[e.order] or nil
      local row = {
        path = e.path,
        status = e.status,
        reason = e.reason,
        position = file and (file.order + 1) or nil,
        bytes = file and file.bytes or (e.size ~= vim.NIL and e.size or nil),
        tokens = file and file.tokensEstimate or nil,
      }
      table.insert(file and first or rest, row)
    end
  end
  table.sort(first, function(a, b)
    return a.position < b.position
  end)
  return vim.list_extend(first, rest)
end

--- One node per group the server folded (agents whose rows are the same), in its order;
--- an answer without groups (an older server) gets one node per agent.
function M.groups(result)
  local by_name, names = {}, {}
  for _, profile in ipairs(result.profiles or {}) do
    by_name[profile.profile] = profile
    names[#names + 1] = { profile.profile }
  end
  if type(result.groups) == "table" then
    names = result.groups
  end
  local groups = {}
  for _, group_names in ipairs(names) do
    local members = {}
    for _, name in ipairs(group_names) do
      if by_name[name] then
        members[#members + 1] = by_name[name]
      end
    end
    if #members > 0 then
      local rows = M.agent_rows(members[1])
      local group = { profiles = {}, rows = rows, bytes = 0, tokens = 0, sent = 0, docs_sourced = {} }
      for _, profile in ipairs(members) do
        table.insert(group.profiles, profile.profile)
        -- Read from the agent's docs only (the server's verifiedBy): the header says so.
        local verified = profile.verifiedBy
        if type(verified) == "table" and verified.method == "docs-sourced" then
          table.insert(group.docs_sourced, profile.profile)
        end
      end
      for _, r in ipairs(rows) do
        if r.position then
          group.sent = group.sent + 1
          group.bytes = group.bytes + (r.bytes or 0)
          group.tokens = group.tokens + (r.tokens or 0)
        end
      end
      groups[#groups + 1] = group
    end
  end
  return groups
end

--- The buffer's lines, with line -> row and the highlights to apply.
function M.render(result, root)
  local lines, rows, marks = {}, {}, {}
  local target = result.target ~= vim.NIL and result.target or nil
  lines[1] = "promptls: " .. (target and M.shown(target, root) or "folder " .. M.shown(result.folder, root))
  lines[2] = "<CR> open · za fold · one fold per agent"
  marks[#marks + 1] = { 1, 0, -1, "Title" }
  marks[#marks + 1] = { 2, 0, -1, "Comment" }
  for _, group in ipairs(M.groups(result)) do
    lines[#lines + 1] = ""
    local summary = group.sent == 0 and "loads no instruction file"
      or string.format(
        "%d file%s · %s · ≈%d tokens",
        group.sent,
        group.sent == 1 and "" or "s",
        short_bytes(group.bytes),
        group.tokens
      )
    if #group.docs_sourced > 0 then
      summary = summary .. " · docs-sourced: " .. table.concat(group.docs_sourced, ", ")
    end
    local head = "▾ " .. table.concat(group.profiles, " · ")
    lines[#lines + 1] = head .. "  " .. summary
    rows[#lines] = { group = group }
    marks[#marks + 1] = { #lines, 0, #head, "Function" }
    marks[#marks + 1] = { #lines, #head, -1, "Comment" }
    for _, row in ipairs(group.rows) do
      local sign = SIGNS[row.status] or { "·", "Comment" }
      local name = M.shown(row.path, root)
      local label = row.position and (row.position .. ". " .. name) or name
      local about = {}
      if row.status ~= "loaded" then
        about[#about + 1] = row.status
      end
      if row.bytes then
        about[#about + 1] = short_bytes(row.bytes)
      end
      if row.tokens then
        about[#about + 1] = "≈" .. row.tokens .. " tokens"
      end
      local prefix = "  " .. sign[1] .. " "
      lines[#lines + 1] = prefix .. label .. "  " .. table.concat(about, " · ")
      rows[#lines] = { row = row, group = group }
      marks[#marks + 1] = { #lines, 0, #prefix, sign[2] }
      marks[#marks + 1] = { #lines, #prefix + #label, -1, "Comment" }
    end
  end
  return lines, rows, marks
end

--- Fold level per line: an agent's header opens a fold, its files are inside it.
function M.foldexpr(lnum)
  local info = M.state.rows[lnum]
  if info and info.row == nil then
    return ">1"
  elseif info then
    return "1"
  end
  return "0"
end

--- A folded agent reads as its header with a closed arrow.
function M.foldtext()
  local line = vim.fn.getline(vim.v.foldstart)
  return (line:gsub("^▾", "▸", 1))
end

--- The window showing the tree, if any.
local function tree_win()
  local buf = M.state.buf
  if not buf or not vim.api.nvim_buf_is_valid(buf) then
    return nil
  end
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_buf(win) == buf then
      return win
    end
  end
end

--- <CR>: open the file of the line in the window the user came from; toggle an agent's fold.
function M.activate()
  local lnum = vim.api.nvim_win_get_cursor(0)[1]
  local info = M.state.rows[lnum]
  if not info then
    return
  end
  if not info.row then
    vim.cmd("normal! za")
    return
  end
  local win = M.state.source_win
  if not win or not vim.api.nvim_win_is_valid(win) or win == tree_win() then
    vim.cmd("wincmd p")
  else
    vim.api.nvim_set_current_win(win)
  end
  vim.cmd.edit(vim.fn.fnameescape(info.row.path))
end

--- The file buffer the tree answers for: a normal file buffer, else nil.
local function file_of(bufnr)
  if not vim.api.nvim_buf_is_valid(bufnr) or vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  return name ~= "" and name or nil
end

--- Ask the server for `bufnr`'s file and redraw when the answer differs from what is shown.
function M.refresh(bufnr)
  local buf = M.state.buf
  if not buf or not vim.api.nvim_buf_is_valid(buf) or not tree_win() then
    return
  end
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local file = file_of(bufnr)
  if file then
    M.state.target = file
    M.state.source_win = vim.fn.bufwinid(bufnr) ~= -1 and vim.fn.bufwinid(bufnr) or M.state.source_win
  end
  local target = M.state.target
  if not target then
    return
  end
  local commands = require("promptls.commands")
  M.state.generation = M.state.generation + 1
  local generation = M.state.generation
  local source = vim.fn.bufnr(target)
  commands.with_client(source ~= -1 and source or bufnr, function(client)
    local root = commands.folder(client, source ~= -1 and source or nil)
    commands.execute(api.commands.show_context_files, { uri = vim.uri_from_fname(target) }, function(err, result)
      if generation ~= M.state.generation or not vim.api.nvim_buf_is_valid(buf) then
        return
      end
      local lines, rows, marks
      if err or type(result) ~= "table" then
        lines, rows, marks = { "promptls: no answer for " .. M.shown(target, root), "", tostring(err and err.message or result) }, {}, {}
      else
        lines, rows, marks = M.render(result, root)
      end
      local key = table.concat(lines, "\n")
      if key == M.state.key then
        return
      end
      M.state.key, M.state.rows = key, rows
      require("promptls.preview").set_lines(buf, lines)
      vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
      for _, m in ipairs(marks) do
        local text = lines[m[1]]
        local stop = m[3] < 0 and #text or m[3]
        if stop > m[2] then
          vim.api.nvim_buf_set_extmark(buf, ns, m[1] - 1, m[2], { end_col = stop, hl_group = m[4] })
        end
      end
      local win = tree_win()
      if win then
        vim.api.nvim_win_call(win, function()
          vim.cmd("normal! zx")
        end)
      end
      vim.b[buf].promptls_updated = (vim.b[buf].promptls_updated or 0) + 1
    end, source ~= -1 and source or nil)
  end)
end

--- Open (or focus) the sidebar for the current buffer.
function M.open()
  local current = vim.api.nvim_get_current_buf()
  local buf = M.state.buf
  if not buf or not vim.api.nvim_buf_is_valid(buf) then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, M.name)
    vim.bo[buf].buftype = "nofile"
    vim.bo[buf].bufhidden = "hide"
    vim.bo[buf].swapfile = false
    vim.bo[buf].modifiable = false
    vim.bo[buf].filetype = "promptls-tree"
    vim.keymap.set("n", "<CR>", M.activate, { buffer = buf, desc = "promptls: open the file, or fold the agent" })
    M.state = { buf = buf, target = nil, rows = {}, key = nil, generation = 0, source_win = nil }
    local group = vim.api.nvim_create_augroup("promptls_tree", { clear = true })
    vim.api.nvim_create_autocmd("BufEnter", {
      group = group,
      callback = function(ev)
        if file_of(ev.buf) and file_of(ev.buf) ~= M.state.target then
          M.refresh(ev.buf)
        end
      end,
    })
    vim.api.nvim_create_autocmd("BufWritePost", {
      group = group,
      callback = function(ev)
        M.refresh(file_of(ev.buf) and ev.buf or nil)
      end,
    })
  end
  M.state.source_win = vim.api.nvim_get_current_win()
  if not tree_win() then
    vim.cmd("topleft vsplit")
    local win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, buf)
    vim.api.nvim_win_set_width(win, M.width)
    for option, value in pairs({
      number = false,
      relativenumber = false,
      signcolumn = "no",
      wrap = false,
      winfixwidth = true,
      foldmethod = "expr",
      foldexpr = "v:lua.require'promptls.tree'.foldexpr(v:lnum)",
      foldlevel = 99,
      foldtext = "v:lua.require'promptls.tree'.foldtext()",
      fillchars = "fold: ,eob: ",
      cursorline = true,
    }) do
      vim.wo[win][option] = value
    end
    vim.api.nvim_set_current_win(M.state.source_win)
  end
  M.refresh(current)
  return buf
end

--- promptls/contextChanged: what the model sees changed; ask again.
function M.on_context_changed()
  if M.state.buf and tree_win() then
    M.refresh(nil)
  end
end

return M
