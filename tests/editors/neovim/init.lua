-- Minimal init for the real-editor test: only the promptls plugin, pointed at the
-- project's own server. Paths come from the environment the pytest test sets.
local repo = assert(vim.env.PROMPTLS_REPO, "PROMPTLS_REPO not set")
local server = assert(vim.env.PROMPTLS_SERVER, "PROMPTLS_SERVER not set")
local server_log = assert(vim.env.PROMPTLS_SERVER_LOG, "PROMPTLS_SERVER_LOG not set")

vim.opt.runtimepath:prepend(repo .. "/editors/neovim")
vim.opt.swapfile = false
vim.opt.shadafile = "NONE"
vim.lsp.set_log_level("info")

require("promptls").setup({
  cmd = { server, "serve", "--log-file", server_log, "--log-level", "debug" },
  -- On Linux Neovim leaves file watching off unless inotifywait exists; force it so the
  -- test sees promptls/contextChanged after an instruction file changes on disk.
  watch_files = true,
  -- PROMPTLS_TEST_LEGACY=1: the FileType + vim.lsp.start path meant for Neovim 0.8-0.10.
  _legacy = vim.env.PROMPTLS_TEST_LEGACY == "1",
})
