-- Headless Neovim as a real LSP client of `pto-lsp serve` (stdio), at protocol level:
--   1. open a kernel with a misplaced cache-policy marker, wait for the PTO101 diagnostic;
--   2. hover the `pl.load` of the marked tensor;
--   3. ask for code actions on the diagnostic, apply the "Move the declaration to the top
--      of the enclosing scope" fix through Neovim's own workspace-edit code;
--   4. wait for the re-published (empty) diagnostics of the edited buffer;
--   5. hover the same `pl.load` again: now **BYPASS**.
-- Prints one JSON object (with the time of each step) and exits 0 only if every check held.
-- Env: PTO_CMD (server argv, space-separated), PTO_FILE (the kernel, a scratch copy), PTO_TIMEOUT_MS.
-- Works with Neovim 0.7 (Debian 12) and later: only vim.lsp.start_client / buf_attach_client.
local cmd = vim.split(os.getenv('PTO_CMD') or 'python3 -m pto_lsp serve', ' ', { trimempty = true })
local file = assert(os.getenv('PTO_FILE'), 'PTO_FILE not set')
local timeout = tonumber(os.getenv('PTO_TIMEOUT_MS') or '15000')
local FIX_TITLE = 'Move the declaration to the top of the enclosing scope'
local out = { file = file, server = table.concat(cmd, ' '), checks = {}, ms = {} }
local t_start = vim.loop.hrtime()
local function now_ms() return math.floor((vim.loop.hrtime() - t_start) / 1e6) end
local failed = false

local function check(name, ok, detail)
  out.checks[#out.checks + 1] = { name = name, ok = ok and true or false, detail = detail }
  if not ok then failed = true end
  return ok
end

local function finish()
  out.ok = not failed
  out.total_ms = now_ms()
  io.stdout:write(vim.fn.json_encode(out) .. '\n')
  vim.cmd(failed and 'cquit!' or 'qall!')
end

local published = {}   -- every publishDiagnostics for our file: { version, diagnostics }
local client_id = vim.lsp.start_client({
  name = 'pto-lsp',
  cmd = cmd,
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
  -- answers the server's workspace/configuration request for section `ptoLsp`
  -- ptoasCachePolicy = "attribute": a PTOAS that lowers the hint, so the fixed kernel gets no
  -- [CacheBypassUnsupported] warning either (and the setting is proven to reach the server)
  -- (Neovim 0.7 does not offer workspace/configuration: the same options go as initializationOptions)
  settings = { ptoLsp = { debounceMs = 0, ptoasCachePolicy = 'attribute' } },
  init_options = { ptoLsp = { debounceMs = 0, ptoasCachePolicy = 'attribute' } },
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      published[#published + 1] = { version = result.version, diagnostics = result.diagnostics }
      return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
    end,
  },
  on_exit = function(code) out.server_exit = code end,
})
if not check('server started', client_id ~= nil) then return finish() end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
vim.bo.filetype = 'python'
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
local td = { uri = vim.uri_from_bufnr(bufnr) }

-- 1. the diagnostic
local function latest() return published[#published] end
local got = vim.wait(timeout, function()
  return (latest() ~= nil and #latest().diagnostics > 0) or out.server_exit ~= nil
end, 20) and out.server_exit == nil
out.ms.diagnostic = now_ms()
if not check('PTO101 diagnostic published', got) then return finish() end
local diag = latest().diagnostics[1]
out.diagnostic = { code = diag.code, line = diag.range.start.line + 1, message = diag.message }
check('diagnostic is PTO101', diag.code == 'PTO101', diag.code)
check('Neovim shows it', #vim.diagnostic.get(bufnr) > 0)

local function find(pattern)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local s = l:find(pattern)
    if s then return i - 1, s - 1 end
  end
end

local function hover_at(pattern)
  local line, col = find(pattern)
  if not line then return nil end
  local r = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover',
    { textDocument = td, position = { line = line, character = col + 4 } }, timeout)  -- on `load`
  local h = r and r[client_id] and r[client_id].result
  if not h then return '' end
  local c = h.contents
  return type(c) == 'table' and (c.value or vim.fn.json_encode(c)) or tostring(c)
end

-- 2. hover before the fix
local LOAD_B = 'pl%.load%(b'
out.hover_before = hover_at(LOAD_B)
out.ms.hover = now_ms()
check('hover answered on pl.load(b, ...)', out.hover_before ~= nil and out.hover_before ~= '')

-- 3. the quick fix
local r = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
  textDocument = td, range = diag.range, context = { diagnostics = { diag }, only = { 'quickfix' } },
}, timeout)
local actions = r and r[client_id] and r[client_id].result or {}
out.code_actions = vim.tbl_map(function(a) return a.title end, actions)
out.ms.code_action = now_ms()
local fix
for _, a in ipairs(actions) do
  if a.title:find(FIX_TITLE, 1, true) then fix = a end
end
if not check('quick fix offered: ' .. FIX_TITLE, fix ~= nil and fix.edit ~= nil) then return finish() end
local before_count = #published
local enc = vim.lsp.get_client_by_id(client_id).offset_encoding or 'utf-16'
vim.lsp.util.apply_workspace_edit(fix.edit, enc)

-- 4. the squiggle goes away: a publication after the edit with no diagnostics
got = vim.wait(timeout, function()
  return (#published > before_count and #latest().diagnostics == 0) or out.server_exit ~= nil
end, 20) and out.server_exit == nil
out.ms.fixed = now_ms()
check('no diagnostics after the fix', got, latest() and latest().diagnostics)
local line_with, _ = find('^%s*with pl%.at%(')
local marker, _ = find('^%s*pl%.set_cache_policy%(b')
local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
out.marker_after_fix = marker and lines[marker + 1]
check('marker is now the first statement of the scope', line_with ~= nil and marker == line_with + 1)

-- 5. hover after the fix: the read of b is BYPASS
out.hover_after = hover_at(LOAD_B)
out.ms.hover_after = now_ms()
check('hover shows **BYPASS** after the fix', (out.hover_after or ''):find('**BYPASS**', 1, true) ~= nil)

-- the IR command the extension calls (informational: the server may not implement it yet)
local ok, res = pcall(vim.lsp.buf_request_sync, bufnr, 'workspace/executeCommand',
  { command = 'pto.showIR', arguments = { { uri = td.uri, pass = 'parse' } } }, 3000)
local ans = ok and res and res[client_id]
out.show_ir = ans and (ans.err and ('error: ' .. tostring(ans.err.message)) or 'ok') or 'no answer'
finish()
