-- Runs in the headless Neovim after a .cu file is loaded: the server must attach to the `cuda`
-- buffer, report the unknown instruction at its place inside the asm string (and nothing for the
-- statement under a ptxlint-disable-next-line C++ comment), and answer a hover inside the string.
-- Quits with status 0 or 1.
local function log(msg)
  io.stderr:write('nvim-test: ' .. msg .. '\n')
end

local function code_of(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == 'cuda', 'filetype is "' .. vim.bo[buf].filetype .. '", expected cuda')
  local attached = vim.wait(20000, function()
    return #vim.tbl_values(vim.lsp.buf_get_clients(buf)) > 0
  end, 50)
  assert(attached, 'no LSP client attached to the cuda buffer')
  local ok = vim.wait(60000, function()
    return #vim.diagnostic.get(buf) >= 1
  end, 100)
  assert(ok, 'timed out waiting for diagnostics on the .cu file')
  vim.wait(500) -- a second publish would replace the first: let it settle
  local diags = vim.diagnostic.get(buf)
  local got = {}
  for _, d in ipairs(diags) do
    table.insert(got, string.format('%s@%d:%d', tostring(code_of(d)), d.lnum + 1, d.col + 1))
  end
  table.sort(got)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local line = lines[5]
  local col = line:find('addd', 1, true)
  local want = 'PTX0100@5:' .. col
  assert(#got == 1 and got[1] == want, 'diagnostics ' .. table.concat(got, ',') .. ', expected ' .. want)
  -- the range covers the word inside the string literal
  local d = diags[1]
  assert(d.lnum == d.end_lnum and line:sub(d.col + 1, d.end_col) == 'addd',
    'range text "' .. line:sub(d.col + 1, d.end_col) .. '" is not addd')
  assert(d.source == 'ptxlint', 'source ' .. tostring(d.source))
  log('diagnostics ' .. table.concat(got, ',') .. ' (' .. d.message:sub(1, 50) .. ' ...)')

  -- hover on 'mov.u32' inside the first string literal (line 4)
  local mcol = lines[4]:find('mov.u32', 1, true)
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 3, character = mcol },
  }, 20000)
  local hover
  for _, r in pairs(res or {}) do
    hover = hover or (r.result and r.result.contents)
  end
  assert(hover and hover.value and hover.value:find('mov', 1, true), 'no hover for mov inside the asm string')
  -- and nothing outside asm strings (C++ belongs to clangd)
  res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = 1, character = 12 },
  }, 20000)
  for _, r in pairs(res or {}) do
    assert(not (r.result and r.result.contents), 'hover outside an asm string')
  end
  log('hover inside the asm string: ' .. (hover.value:gsub('```%w*', ''):gsub('%s+', ' '):sub(1, 50)) .. ' ...')

  local clients = vim.tbl_values(vim.lsp.buf_get_clients(buf))
  for _, c in ipairs(clients) do
    c.stop()
  end
  assert(vim.wait(20000, function()
    for _, c in ipairs(clients) do
      if not c.is_stopped() then
        return false
      end
    end
    return true
  end, 50), 'the server did not stop after shutdown/exit')
end

local ok, err = pcall(run)
if ok then
  log('ok')
  vim.cmd('qall!')
else
  log('FAILED: ' .. tostring(err))
  vim.cmd('cquit 1')
end
