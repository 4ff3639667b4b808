-- What happens when the client attaches to a buffer: the statusline state (active profile and
-- context revision per folder) and code lenses (tokens cached vs paid every turn).

local M = {}

--- folder -> profile the server reported (promptls.contextRevision).
M.profiles = {}

local has_010 = vim.fn.has("nvim-0.10") == 1

--- Ask the server for the folder's profile and revision once; contextChanged keeps it fresh.
local function remember_revision(client, bufnr)
  local commands = require("promptls.commands")
  local folder = commands.folder(client, bufnr)
  if M.profiles[folder] then
    return
  end
  commands.execute(require("promptls.api").commands.context_revision, { folder = folder }, function(err, result)
    if err or type(result) ~= "table" then
      return
    end
    M.profiles[folder] = result.profile
    local revisions = require("promptls.preview").revisions
    if revisions[folder] == nil then
      revisions[folder] = result.revision
    end
    vim.cmd("redrawstatus")
  end, bufnr)
end

--- Code lenses are not refreshed by Neovim itself: do it on open, enter and after edits.
local function enable_codelens(client, bufnr)
  if not client.server_capabilities.codeLensProvider then
    return
  end
  local function refresh()
    if not vim.api.nvim_buf_is_valid(bufnr) then
      return
    end
    if has_010 then
      vim.lsp.codelens.refresh({ bufnr = bufnr })
    elseif vim.api.nvim_get_current_buf() == bufnr then
      vim.lsp.codelens.refresh()
    end
  end
  local group = vim.api.nvim_create_augroup("promptls_codelens_" .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "TextChanged" }, {
    group = group,
    buffer = bufnr,
    callback = refresh,
  })
  refresh()
end

--- The lens's command (promptls.renderWire) opens the :PromptlsRender view client-side,
--- instead of sending it back to the server and dropping the answer.
local function register_client_commands()
  vim.lsp.commands[require("promptls.api").commands.render_wire] = function(_, ctx)
    require("promptls.commands").render(ctx and ctx.bufnr)
  end
end

--- The on_attach the plugin installs; the user's own on_attach runs after it.
function M.on_attach(client, bufnr, opts)
  register_client_commands()
  remember_revision(client, bufnr)
  if opts.codelens then
    enable_codelens(client, bufnr)
  end
  if opts.on_attach then
    opts.on_attach(client, bufnr)
  end
end

--- "promptls or · 1a2b3c4" for a statusline, "" where promptls is not attached.
function M.status(bufnr)
  bufnr = (bufnr and bufnr ~= 0) and bufnr or vim.api.nvim_get_current_buf()
  local commands = require("promptls.commands")
  local client = commands.client(bufnr)
  if not client or not vim.lsp.buf_is_attached(bufnr, client.id) then
    return ""
  end
  local folder = commands.folder(client, bufnr)
  local parts = { "promptls" }
  local profile = M.profiles[folder]
  if profile then
    parts[#parts + 1] = profile
  end
  local revision = require("promptls.preview").revisions[folder]
  if revision ~= nil and revision ~= vim.NIL then
    parts[#parts + 1] = "· " .. tostring(revision):sub(1, 7)
  end
  return table.concat(parts, " ")
end

return M
