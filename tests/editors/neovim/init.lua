-- Minimal init for the real-editor test: only the promptls plugin, pointed at the
-- project's own server. Paths come from the environment the pytest test sets.
local repo = assert(vim.env.PROMPTLS_REPO, "PROMPTLS_REPO not set")
local server = assert(vim.env.PROMPTLS_SERVER, "PROMPTLS_SERVER not set")
local server_log = assert(vim.env.PROMPTLS_SERVER_LOG, "PROMPTLS_SERVER_LOG not set")

local mode = vim.env.PROMPTLS_TEST_MODE
local packdir = vim.env.PROMPTLS_TEST_PACKDIR
if packdir ~= nil and packdir ~= "" then
  -- Installed as a built-in package (pack/*/start/promptls -> editors/neovim, as the
  -- plugin's README says); packloadall puts it on the runtimepath now rather than after
  -- this init file, so the lines below can require it.
  vim.opt.packpath:prepend(packdir)
  vim.cmd("packloadall")
else
  vim.opt.runtimepath:prepend(repo .. "/editors/neovim")
end
vim.opt.swapfile = false
vim.opt.shadafile = "NONE"
vim.lsp.set_log_level("info")

local cmd = { server, "serve", "--log-file", server_log, "--log-level", "debug" }
if mode == "lsp-enable" then
  -- The Neovim 0.11 idiom: the shipped lsp/promptls.lua and vim.lsp.enable, no setup().
  -- Only the binary (with a log) and file watching are the test's own: on Linux Neovim
  -- leaves watching off unless inotifywait exists, and the test needs
  -- promptls/contextChanged after an instruction file changes on disk.
  vim.lsp.config("promptls", {
    cmd = cmd,
    capabilities = { workspace = { didChangeWatchedFiles = { dynamicRegistration = true } } },
  })
  vim.lsp.enable("promptls")
  require("promptls.commands").create()
else
  require("promptls").setup({
    cmd = cmd,
    watch_files = true,
    -- legacy-start: the FileType + vim.lsp.start path meant for Neovim 0.8-0.10.
    _legacy = mode == "legacy-start",
  })
end
