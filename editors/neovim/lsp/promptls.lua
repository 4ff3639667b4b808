-- The promptls language server for Neovim 0.11+, as a vim.lsp.Config. With the plugin on
-- the runtimepath, `vim.lsp.enable('promptls')` starts it on Markdown and plain-text
-- buffers; no setup() is needed (setup() adds the :Promptls* commands and prompt-file
-- types). Change any field with vim.lsp.config('promptls', { ... }), e.g.
--   vim.lsp.config('promptls', { settings = { promptls = { profile = 'codex' } } })
local promptls = require("promptls")
local defaults = promptls.defaults

---@type vim.lsp.Config
return {
  cmd = defaults.cmd,
  filetypes = defaults.filetypes,
  root_markers = defaults.root_markers,
  -- Only the settings you set: the server applies the project's .promptls.toml or
  -- [tool.promptls] underneath them, so sending every default would hide the project's
  -- choices. The keys and their defaults: require('promptls.api').settings.
  init_options = vim.empty_dict(),
  settings = { promptls = vim.empty_dict() },
  handlers = promptls.handlers(),
  capabilities = promptls.capabilities(defaults),
  on_attach = function(client, bufnr)
    require("promptls.attach").on_attach(client, bufnr, promptls.options)
  end,
}
