-- The server's command results as buffer lines. Each result carries the server's own
-- human view in `text` (what the promptls CLI prints), so nothing is formatted here: a
-- view shows `text`, the wire preview shows `wire` verbatim, anything else is shown as data.

local M = {}

local function field(result, name)
  if type(result) == "table" and type(result[name]) == "string" then
    return vim.split(result[name], "\n", { plain = true })
  end
  return vim.split("-- promptls: unexpected answer\n" .. vim.inspect(result), "\n", { plain = true })
end

--- :PromptlsContext, :PromptlsEnv, :PromptlsPreview cache-aware, :PromptlsRender.
function M.text(result)
  return field(result, "text")
end

--- :PromptlsPreview wire — exactly the text the model receives.
function M.wire(result)
  return field(result, "wire")
end

return M
