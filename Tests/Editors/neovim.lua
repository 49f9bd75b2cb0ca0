-- Neovim's own LSP client (0.7's vim.lsp.start_client) against `tokenc lsp`, headless, for LanguageServerTests, on a
-- copy of the repository's Tokens/ (and one legacy file): open a token file, break an alias as a user would type it,
-- and write what Neovim then shows, hovers, jumps to and fixes.
--   TOKENC_BIN=… TOKENC_ROOT=… TOKENC_OUT=… nvim --headless -u NONE -c "luafile Tests/Editors/neovim.lua"
local root, bin, out = os.getenv("TOKENC_ROOT"), os.getenv("TOKENC_BIN"), os.getenv("TOKENC_OUT")
local lines = {}
local function finish()
  local file = io.open(out, "w")
  file:write(table.concat(lines, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end
vim.cmd("edit " .. vim.fn.fnameescape(root .. "/Tokens/semantic.yaml"))
local buffer = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ name = "tokenc", cmd = { bin, "lsp" }, root_dir = root })
vim.lsp.buf_attach_client(buffer, id)
local ready = vim.wait(10000, function()
  local client = vim.lsp.get_client_by_id(id)
  return client ~= nil and client.initialized == true
end, 20)
table.insert(lines, "initialized " .. tostring(ready))
-- The findings Neovim shows in the buffer whose rule is `code`.
local function shown(code)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buffer)) do
    local id = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
    if id == code then table.insert(found, d) end
  end
  return found
end
-- The file as the repository has it: one note (a color outside sRGB), no error.
vim.wait(10000, function() return #vim.diagnostic.get(buffer) > 0 end, 20)
vim.wait(300, function() return false end, 50)
table.insert(lines, "before " .. #vim.diagnostic.get(buffer) .. " " .. #shown("color/out-of-gamut"))
-- The user types: `{palette.gray.0}` on line 7 becomes `{palette.nope}` (unsaved).
vim.api.nvim_buf_set_text(buffer, 6, 24, 6, 30, { "nope" })
local found = vim.wait(10000, function() return #shown("alias/unresolved") > 0 end, 20)
table.insert(lines, "found " .. tostring(found))
for _, d in ipairs(shown("alias/unresolved")) do
  table.insert(lines, string.format("%d:%d-%d:%d %d %s", d.lnum, d.col, d.end_lnum, d.end_col, d.severity, d.message:gsub("\n", " | ")))
end
-- Fixed again: the finding goes.
vim.api.nvim_buf_set_text(buffer, 6, 24, 6, 28, { "gray.0" })
local cleared = vim.wait(10000, function() return #shown("alias/unresolved") == 0 end, 20)
table.insert(lines, "cleared " .. tostring(cleared))
-- Hover on the alias `{palette.gray.0}`: the token's values.
local position = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = 6, character = 20 } }
local hover = vim.lsp.buf_request_sync(buffer, "textDocument/hover", position, 5000)
for _, reply in pairs(hover or {}) do
  if reply.result then
    for text in reply.result.contents.value:gmatch("[^\n]+") do table.insert(lines, "hover " .. text) end
  end
end
-- Go to definition: Neovim opens palette.yaml with the cursor on `0:`.
local definition = vim.lsp.buf_request_sync(buffer, "textDocument/definition", position, 5000)
for _, reply in pairs(definition or {}) do
  if reply.result then vim.lsp.util.jump_to_location(reply.result, "utf-16") end
end
local cursor = vim.api.nvim_win_get_cursor(0)
table.insert(lines, string.format("definition %s %d:%d", vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"), cursor[1], cursor[2]))
-- A quick fix: legacy.yaml writes a dimension as the string "16px"; the fix tokenc offers makes it an object.
vim.cmd("edit " .. vim.fn.fnameescape(root .. "/Tokens/legacy.yaml"))
local other = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(other, id)
vim.wait(10000, function() return #vim.diagnostic.get(other) > 0 end, 20)
table.insert(lines, "legacy.yaml findings " .. #vim.diagnostic.get(other))
local request = { textDocument = { uri = vim.uri_from_bufnr(other) }, range = { start = { line = 2, character = 0 }, ["end"] = { line = 2, character = 0 } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(other, 2) } }
local actions = vim.lsp.buf_request_sync(other, "textDocument/codeAction", request, 5000)
for _, reply in pairs(actions or {}) do
  for _, action in ipairs(reply.result or {}) do
    if action.kind == "quickfix" then
      table.insert(lines, "fix " .. action.title)
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
    end
  end
end
table.insert(lines, "line " .. vim.api.nvim_buf_get_lines(other, 2, 3, false)[1])
local fixed = vim.wait(10000, function() return #vim.diagnostic.get(other) == 0 end, 20)
table.insert(lines, "fixed " .. tostring(fixed))
finish()
