-- Turn the JSON answers of the server's commands into Markdown lines for scratch buffers.
-- Tolerant by design: a field the server does not send is left out, and an answer of an
-- unexpected shape is shown as data rather than raising.

local M = {}

--- A fence longer than any backtick run in the text, so file content cannot close it.
local function fence(text)
  local longest = 0
  for run in text:gmatch("`+") do
    longest = math.max(longest, #run)
  end
  return string.rep("`", math.max(3, longest + 1))
end

--- Append a fenced block holding text verbatim.
local function block(lines, text, lang)
  text = text or ""
  local f = fence(text)
  lines[#lines + 1] = f .. (lang or "")
  lines[#lines + 1] = text
  lines[#lines + 1] = f
end

--- Last resort: show the answer as data.
local function dump(lines, value)
  block(lines, vim.inspect(value), "lua")
  return lines
end

local function is_list(t)
  return type(t) == "table" and (vim.islist or vim.tbl_islist)(t)
end

--- "1234 B" with the token estimate when the server gives one.
local function size(entry)
  local parts = {}
  local bytes = entry.bytes or entry.size
  if type(bytes) == "number" then
    parts[#parts + 1] = string.format("%d B", bytes)
  end
  local tokens = entry.tokens or entry.token_estimate or entry.tokenEstimate
  if type(tokens) == "number" then
    parts[#parts + 1] = string.format("≈%d tokens", tokens)
  end
  return table.concat(parts, ", ")
end

--- One discovered file as a list item: position, path, scope, status, size, reason.
local function entry_lines(lines, index, entry)
  local meta = {}
  for _, key in ipairs({ "scope", "status" }) do
    if entry[key] ~= nil and entry[key] ~= vim.NIL then
      meta[#meta + 1] = tostring(entry[key])
    end
  end
  local s = size(entry)
  if s ~= "" then
    meta[#meta + 1] = s
  end
  local path = entry.path or entry.uri or "?"
  lines[#lines + 1] = string.format("%d. `%s` (%s)", index, tostring(path), table.concat(meta, ", "))
  local reason = entry.reason
  if type(reason) == "string" and reason ~= "" then
    lines[#lines + 1] = "   " .. reason
  end
  local from = entry.importedFrom or entry.imported_from
  if type(from) == "string" and from ~= "" then
    lines[#lines + 1] = "   imported from `" .. from .. "`"
  end
end

--- The entries of one profile's discovery, whatever the key the server uses.
local function entries_of(group)
  return group.entries or group.files or group.candidates or {}
end

--- :PromptlsContext — one section per profile, files in load order.
function M.context(result, profile)
  local lines = { "# promptls: context files" .. (profile and (" (" .. profile .. ")") or ""), "" }
  if type(result) ~= "table" then
    return dump(lines, result)
  end
  if result.folder then
    lines[#lines + 1] = "Folder: `" .. tostring(result.folder) .. "`"
  end
  if result.revision ~= nil then
    lines[#lines + 1] = "Revision: `" .. tostring(result.revision) .. "`"
  end
  local groups = {}
  if is_list(result.profiles) then
    groups = result.profiles
  elseif type(result.profiles) == "table" then
    for _, name in ipairs(vim.tbl_keys(result.profiles)) do
      local g = result.profiles[name]
      if is_list(g) then
        g = { entries = g }
      end
      g.profile = g.profile or name
      groups[#groups + 1] = g
    end
    table.sort(groups, function(a, b)
      return tostring(a.profile) < tostring(b.profile)
    end)
  elseif is_list(result) then
    groups = result
  else
    groups = { result }
  end
  for _, group in ipairs(groups) do
    lines[#lines + 1] = ""
    lines[#lines + 1] = "## " .. tostring(group.profile or group.name or profile or "profile")
    local root = group.projectRoot or group.root
    if type(root) == "string" then
      lines[#lines + 1] = "Project root: `" .. root .. "`"
    end
    lines[#lines + 1] = ""
    local entries = entries_of(group)
    if #entries == 0 then
      lines[#lines + 1] = "(no instruction files found)"
    end
    for i, entry in ipairs(entries) do
      entry_lines(lines, i, entry)
    end
  end
  return lines
end

--- :PromptlsEnv — key: value lines.
function M.environment(result)
  local lines = { "# promptls: environment", "" }
  if type(result) ~= "table" then
    return dump(lines, result)
  end
  local env = result.environment or result
  local keys = vim.tbl_keys(env)
  table.sort(keys)
  for _, key in ipairs(keys) do
    local value = env[key]
    if value == "" or value == vim.NIL then
      lines[#lines + 1] = string.format("- **%s**: (unknown)", key)
    elseif type(value) ~= "table" then
      lines[#lines + 1] = string.format("- **%s**: `%s`", key, tostring(value))
    end
  end
  return lines
end

--- "69 B, ≈18 tokens" from a {bytes, tokensEstimate} table (or nothing).
local function size_of(t)
  if type(t) ~= "table" then
    return ""
  end
  return size({ bytes = t.bytes, tokens = t.tokensEstimate })
end

--- :PromptlsPreview — cache-aware blocks (static cached, dynamic) or the marker-free wire text.
function M.preview(result, format)
  local lines = { "# promptls: prompt preview (" .. format .. ")", "" }
  if type(result) ~= "table" then
    return dump(lines, result)
  end
  local meta = {}
  if type(result.profile) == "string" then
    meta[#meta + 1] = "Profile: `" .. result.profile .. "`"
  end
  if result.revision ~= nil and result.revision ~= vim.NIL then
    meta[#meta + 1] = "Revision: `" .. tostring(result.revision) .. "`"
  end
  local s, d = size_of(result.static), size_of(result.dynamic)
  if s ~= "" or d ~= "" then
    meta[#meta + 1] = string.format("Static: %s · Dynamic: %s", s ~= "" and s or "?", d ~= "" and d or "?")
  end
  if #meta > 0 then
    lines[#lines + 1] = table.concat(meta, " · ")
    lines[#lines + 1] = ""
  end
  if format == "wire" then
    lines[#lines + 1] = "## Wire text (what the model receives, marker-free)"
    block(lines, type(result.wire) == "string" and result.wire or "")
    return lines
  end
  local blocks = result.blocks
  if not is_list(blocks) then
    return dump(lines, result)
  end
  if #blocks == 0 then
    lines[#lines + 1] = "(empty prompt)"
  end
  for i, b in ipairs(blocks) do
    local cache = b.cache_control or b.cacheControl
    local cached = type(cache) == "table"
    local title = cached and "cached: " .. tostring(cache.type or "yes") or "not cached"
    lines[#lines + 1] = string.format("## Block %d (%s)", i, title)
    block(lines, type(b.text) == "string" and b.text or "")
    lines[#lines + 1] = ""
  end
  return lines
end

--- :PromptlsRender — halves and wire text of one document.
function M.wire(result)
  local lines = { "# promptls: wire text", "" }
  if type(result) ~= "table" then
    return dump(lines, result)
  end
  if type(result.markers) == "number" then
    lines[#lines + 1] = string.format("Markers: %d", result.markers)
    lines[#lines + 1] = ""
  end
  local parts = {
    { "static", "Static half (cached)" },
    { "dynamic", "Dynamic half" },
    { "wire", "Wire text (marker-free)" },
  }
  for _, part in ipairs(parts) do
    local value = result[part[1]]
    if type(value) == "string" then
      local s = size_of(result[part[1] .. "Size"])
      lines[#lines + 1] = "## " .. part[2] .. (s ~= "" and (" — " .. s) or "")
      block(lines, value)
      lines[#lines + 1] = ""
    end
  end
  return lines
end

return M
