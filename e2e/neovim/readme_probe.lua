-- Run after the README's Neovim config (`-u`) opened a kernel with a misplaced marker:
-- the config must start pto-lsp for the Python buffer, the PTO101 diagnostic must arrive,
-- a hover must answer, and a second kernel of the same folder must reuse the one client.
-- Prints one JSON line and exits 0 only if every check held. Works on Neovim 0.7 to 0.12.
local out = { version = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor), checks = {} }
local failed = false
local function check(name, ok, detail)
  out.checks[#out.checks + 1] = { name = name, ok = ok and true or false, detail = detail }
  if not ok then failed = true end
end
local function clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end
local function finish()
  out.ok = not failed
  io.stdout:write(vim.fn.json_encode(out) .. '\n')
  vim.cmd(failed and 'cquit!' or 'qall!')
end

local bufnr = vim.api.nvim_get_current_buf()
check('filetype python', vim.bo[bufnr].filetype == 'python', vim.bo[bufnr].filetype)
local found = {}
vim.wait(20000, function()
  found = vim.diagnostic.get(bufnr)
  return #found > 0
end, 50)
local codes = {}
for _, d in ipairs(found) do codes[#codes + 1] = tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)) end
check('PTO101 published', vim.tbl_contains(codes, 'PTO101'), codes)
local attached = clients(bufnr)
check('one pto_lsp client', #attached == 1 and attached[1].name == 'pto_lsp', #attached)
if #attached == 0 then return finish() end

local line = vim.fn.search('pl.load(b', 'n')
local col = vim.fn.getline(line):find('pl.load', 1, true)
local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  position = { line = line - 1, character = col + 2 },
}, 10000) or {}
local hover = ''
for _, response in pairs(responses) do
  if response.result and response.result.contents then hover = response.result.contents.value or '' end
end
check('hover answers', hover:find('GM read', 1, true) ~= nil, hover:sub(1, 120))

local second = os.getenv('PTO_SECOND')
if second then
  vim.cmd('edit ' .. vim.fn.fnameescape(second))
  local other = vim.api.nvim_get_current_buf()
  vim.wait(10000, function() return #clients(other) > 0 end, 50)
  local now = clients(other)
  check('second kernel reuses the client', #now == 1 and now[1].id == attached[1].id, #now)
end
finish()
