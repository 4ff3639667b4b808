-- :PromptlsObserve {agent} — run `promptls observe` (the CLI, never the language server)
-- for one agent in the current folder and show its report in a scratch buffer.
--
-- The user runs the command each time; nothing here runs on its own. Before the agent
-- starts, `observe --plan` lists the start-up hooks the user's settings configure and
-- the user decides (confirm()) whether they run. While the agent starts the command line
-- shows a progress message with the elapsed seconds; :PromptlsObserveStop (or leaving
-- Neovim) sends Ctrl-C (SIGINT), which stops every process the run started
-- (docs/observe.md). `User PromptlsObserveStarted` fires once the progress message shows,
-- `User PromptlsObserveDone` once the report does.

local M = {}

local running = nil

local function notify(msg, level)
  vim.notify("promptls: " .. msg, level or vim.log.levels.INFO)
end

--- The promptls program from the server's command line, with `args` instead of `serve`.
local function cli(args)
  local cmd = require("promptls").options.cmd or { "promptls", "serve" }
  local out = {}
  for _, part in ipairs(cmd) do
    if part == "serve" then
      break -- what follows are the server's own options
    end
    table.insert(out, part)
  end
  return vim.list_extend(out, args)
end

--- The CLI's one-line error, its "promptls: error: " prefix dropped.
local function error_line(result)
  local lines = vim.split(vim.trim(result.stderr or ""), "\n")
  local last = lines[#lines] or ""
  last = last:gsub("^promptls: error: ", "")
  return last ~= "" and last or ("exit " .. tostring(result.code))
end

--- A small window in the bottom-right corner that says what is running (messages in the
--- command line would be overwritten by any other message).
local Progress = {}
Progress.__index = Progress

function Progress.open()
  local buf = vim.api.nvim_create_buf(false, true)
  vim.bo[buf].bufhidden = "wipe"
  return setmetatable({ buf = buf, win = nil }, Progress)
end

function Progress:set(text)
  vim.api.nvim_buf_set_lines(self.buf, 0, -1, false, { text })
  local width = math.min(vim.fn.strdisplaywidth(text), vim.o.columns - 4)
  local config = {
    relative = "editor",
    anchor = "SE",
    row = vim.o.lines - 2,
    col = vim.o.columns - 1,
    width = width,
    height = 1,
    style = "minimal",
    border = "rounded",
    focusable = false,
  }
  if self.win and vim.api.nvim_win_is_valid(self.win) then
    vim.api.nvim_win_set_config(self.win, config)
  else
    self.win = vim.api.nvim_open_win(self.buf, false, vim.tbl_extend("force", config, { noautocmd = true }))
    vim.wo[self.win].winhighlight = "Normal:MoreMsg,FloatBorder:MoreMsg"
  end
end

function Progress:close()
  if self.win and vim.api.nvim_win_is_valid(self.win) then
    vim.api.nvim_win_close(self.win, true)
  end
end

--- Show `text` in a scratch buffer named after the agent and folder (reused on rerun).
local function show(agent, folder, text)
  local name = "promptls://observe/" .. agent .. "/" .. vim.fn.fnamemodify(folder, ":t")
  local buf = vim.fn.bufnr(name)
  if buf == -1 then
    buf = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(buf, name)
    vim.bo[buf].buftype = "nofile"
    vim.bo[buf].bufhidden = "hide"
    vim.bo[buf].swapfile = false
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, "\n", { plain = true }))
  vim.bo[buf].modifiable = false
  local win = vim.fn.bufwinid(buf)
  if win == -1 then
    -- Full width: the report's lines are paths and sizes, best read unwrapped.
    vim.cmd("botright split")
    vim.api.nvim_win_set_buf(0, buf)
    vim.api.nvim_win_set_height(0, math.max(10, math.floor(vim.o.lines * 0.7)))
    win = vim.api.nvim_get_current_win()
  else
    vim.api.nvim_set_current_win(win)
  end
  vim.wo[win].linebreak = true
  vim.api.nvim_win_call(win, function()
    vim.fn.clearmatches()
    vim.fn.matchadd("DiagnosticOk", [[^observed = predicted.*]])
    vim.fn.matchadd("DiagnosticWarn", [[^observed != predicted:\|^  your agent sends.*]])
    vim.fn.matchadd("Title", [[^\(Instruction files\|promptls predicted\|Request\|By field\|Framed text\|Diff\).*]])
  end)
  vim.b[buf].promptls_observe = { agent = agent, folder = folder }
  return buf
end

--- Ask about hooks when the plan lists some: the flags to pass, or nil to stop.
local function hook_flags(plan)
  if #(plan.hooks or {}) == 0 then
    return {}
  end
  if plan.canSkipHooks then
    local choice = vim.fn.confirm(plan.hooksNotice, "&Skip hooks\n&Run with hooks\n&Cancel", 1)
    if choice == 1 then
      return { "--skip-hooks" }
    end
    return choice == 2 and {} or nil
  end
  local choice = vim.fn.confirm(plan.hooksNotice, "&Run with hooks\n&Cancel", 2)
  return choice == 1 and {} or nil
end

--- Run observe for `agent` in `folder`; `on_done(buf)` after the report is shown.
function M.run(agent, folder, on_done)
  if not agent or agent == "" then
    notify("give the agent to observe: :PromptlsObserve claude", vim.log.levels.WARN)
    return
  end
  if running then
    notify("an observe run is already going (:PromptlsObserveStop stops it)", vim.log.levels.WARN)
    return
  end
  local plan_result = vim.system(
    cli({ "observe", "--agent", agent, "--plan", "--format", "json", folder }),
    { text = true, cwd = folder }
  ):wait()
  if plan_result.code ~= 0 then
    notify(error_line(plan_result), vim.log.levels.ERROR)
    return
  end
  local plan = vim.json.decode(plan_result.stdout)
  local flags = hook_flags(plan)
  if not flags then
    return
  end
  local args = { "observe", "--agent", agent }
  vim.list_extend(args, flags)
  table.insert(args, folder)
  local started = vim.uv.now()
  local title = plan.title .. " " .. plan.version
  local progress = Progress.open()
  local timer = vim.uv.new_timer()
  local ticks = 0
  timer:start(0, 1000, vim.schedule_wrap(function()
    local seconds = math.floor((vim.uv.now() - started) / 1000)
    progress:set(("promptls: starting %s against the local mock… %ds"):format(title, seconds))
    ticks = ticks + 1
    if ticks == 1 then
      vim.cmd.redraw()
      -- For statuslines and tests: the agent is starting and the progress window shows.
      vim.api.nvim_exec_autocmds("User", { pattern = "PromptlsObserveStarted", modeline = false })
    end
  end))
  running = vim.system(cli(args), { text = true, cwd = folder }, vim.schedule_wrap(function(result)
    running = nil
    timer:stop()
    timer:close()
    progress:close()
    if result.code ~= 0 and result.code ~= 1 then
      notify(error_line(result), vim.log.levels.ERROR)
      return
    end
    local buf = show(agent, folder, result.stdout)
    vim.cmd.redraw()
    vim.api.nvim_exec_autocmds("User", { pattern = "PromptlsObserveDone", modeline = false })
    if on_done then
      on_done(buf)
    end
  end))
end

--- Stop a run: Ctrl-C (SIGINT) to observe, which stops the agent and what it started.
function M.stop()
  if running then
    running:kill("sigint")
  end
end

return M
