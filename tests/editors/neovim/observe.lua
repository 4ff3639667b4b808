-- Drives :PromptlsObserve in a real Neovim running in a terminal (tmux), the way a user
-- would: the command is typed by the test (tmux send-keys); this file only tells the test,
-- through tmux wait-for channels, when the progress message shows and when the report
-- buffer does, and writes what the report buffer holds to PROMPTLS_TEST_OUT.
local out = assert(vim.env.PROMPTLS_TEST_OUT, "PROMPTLS_TEST_OUT not set")
local channel = assert(vim.env.PROMPTLS_TEST_CHANNEL, "PROMPTLS_TEST_CHANNEL not set")
local socket = assert(vim.env.PROMPTLS_TEST_TMUX_SOCKET, "PROMPTLS_TEST_TMUX_SOCKET not set")

local function signal(name)
  vim.fn.system({ "tmux", "-L", socket, "wait-for", "-S", channel .. "-" .. name })
end

vim.api.nvim_create_autocmd("User", {
  pattern = "PromptlsObserveStarted",
  callback = function()
    signal("started")
  end,
})
vim.api.nvim_create_autocmd("User", {
  pattern = "PromptlsObserveDone",
  callback = function()
    local buf = vim.api.nvim_get_current_buf()
    local result = {
      name = vim.api.nvim_buf_get_name(buf),
      lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false),
      modifiable = vim.bo[buf].modifiable,
      buftype = vim.bo[buf].buftype,
    }
    local f = assert(io.open(out, "w"))
    f:write(vim.json.encode(result))
    f:close()
    signal("done")
  end,
})
signal("ready")
