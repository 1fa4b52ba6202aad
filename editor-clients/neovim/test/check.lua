-- Runs in the headless Neovim after the .ptx file is loaded: waits for the server's diagnostics,
-- checks codes and lines, asks for a hover and the code actions, then quits with status 0 or 1.
local expected = vim.split(vim.env.PTXLINT_EXPECT or '', ',', { trimempty = true })
table.sort(expected)

local function log(msg)
  io.stderr:write('nvim-test: ' .. msg .. '\n')
end

local function code_of(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
end

local function got_list(buf)
  local got = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(got, string.format('%s@%d', tostring(code_of(d)), d.lnum + 1))
  end
  table.sort(got)
  return got
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == 'ptx', 'filetype is "' .. vim.bo[buf].filetype .. '", expected ptx')
  local attached = vim.wait(20000, function()
    return #vim.tbl_values(vim.lsp.buf_get_clients(buf)) > 0
  end, 50)
  assert(attached, 'no LSP client attached to the buffer')
  local ok = vim.wait(60000, function()
    return #vim.diagnostic.get(buf) >= #expected
  end, 100)
  local got = got_list(buf)
  assert(ok, 'timed out waiting for diagnostics; got: ' .. table.concat(got, ','))
  assert(vim.deep_equal(got, expected),
    'diagnostics ' .. table.concat(got, ',') .. ' differ from the expected ' .. table.concat(expected, ','))
  log('diagnostics ' .. table.concat(got, ','))
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    assert(d.source == 'ptxlint', 'source ' .. tostring(d.source))
  end

  -- Hover on the first instruction of the file's body.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local hover_line
  for i, l in ipairs(lines) do
    if l:match('^%s+mov%.') or l:match('^%s+ld%.') then
      hover_line = i - 1
      break
    end
  end
  assert(hover_line, 'no instruction to hover on')
  local col = #lines[hover_line + 1]:match('^%s*')
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = hover_line, character = col + 1 },
  }, 20000)
  local hover
  for _, r in pairs(res or {}) do
    hover = hover or (r.result and r.result.contents)
  end
  assert(hover and hover.value and #hover.value > 0, 'no hover at line ' .. (hover_line + 1))
  log('hover at line ' .. (hover_line + 1) .. ': ' .. (hover.value:gsub('```%w*', ''):gsub('%s+', ' '):sub(1, 60)) .. ' ...')

  -- Code actions for the unknown instruction: the did-you-mean fix and the suppression comment.
  local d
  for _, x in ipairs(vim.diagnostic.get(buf)) do
    if code_of(x) == 'PTX0100' then
      d = x
    end
  end
  assert(d, 'no PTX0100 diagnostic')
  -- As vim.lsp.buf.code_action sends it (0.7 keeps only code and codeDescription in user_data).
  local range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } }
  local lsp_d = {
    range = range, severity = d.severity, message = d.message, source = d.source, code = code_of(d),
  }
  local actions = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = range,
    context = { diagnostics = { lsp_d } },
  }, 20000)
  local titles = {}
  for _, r in pairs(actions or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(titles, a.title)
    end
  end
  local want = 'Disable ' .. tostring(code_of(d)) .. ' for this line'
  assert(vim.tbl_contains(titles, want), 'code actions ' .. table.concat(titles, ' | ') .. ' lack ' .. want)
  assert(#titles >= 2, 'expected a fix besides ' .. want .. ': ' .. table.concat(titles, ' | '))
  log('code actions: ' .. table.concat(titles, ' | '))

  -- Shut the server down and see it go.
  local clients = vim.tbl_values(vim.lsp.buf_get_clients(buf))
  for _, c in ipairs(clients) do
    c.stop()
  end
  local stopped = vim.wait(20000, function()
    for _, c in ipairs(clients) do
      if not c.is_stopped() then
        return false
      end
    end
    return true
  end, 50)
  assert(stopped, 'the server did not stop after shutdown/exit')
end

local ok, err = pcall(run)
if ok then
  log('ok')
  vim.cmd('qall!')
else
  log('FAILED: ' .. tostring(err))
  vim.cmd('cquit 1')
end
