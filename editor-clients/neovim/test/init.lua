-- Minimal init for the headless test: only this plugin on the runtimepath.
-- PTXLINT_TEST_MODE=setup    require('ptxlint').setup() (the Neovim 0.7+ plugin)
-- PTXLINT_TEST_MODE=lspconfig the table of lsp/ptxlint.lua, started as Neovim 0.11's vim.lsp.enable
--                            would (vim.lsp.start when there is one, else start_client)
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local plugin = vim.fn.fnamemodify(here, ':h')
vim.opt.runtimepath:prepend(plugin)
vim.opt.swapfile = false
vim.opt.shadafile = 'NONE'

local mode = vim.env.PTXLINT_TEST_MODE or 'setup'
if mode == 'setup' then
  require('ptxlint').setup({
    jar = vim.env.PTXLINT_JAR,
    settings = { ptxlint = { debounceMs = 0 } },
  })
elseif mode == 'lspconfig' then
  local cfg = dofile(plugin .. '/lsp/ptxlint.lua')
  assert(type(cfg.cmd) == 'table' and cfg.cmd[#cfg.cmd] == '--lsp', 'cmd ends with --lsp')
  assert(vim.tbl_contains(cfg.filetypes, 'ptx'), 'filetypes has ptx')
  assert(vim.tbl_contains(cfg.filetypes, 'cuda'), 'filetypes has cuda')
  assert(vim.tbl_contains(cfg.root_markers, '.ptxlintrc'), 'root_markers has .ptxlintrc')
  assert(type(cfg.settings) == 'table' and cfg.settings.ptxlint ~= nil, 'settings.ptxlint')
  vim.api.nvim_create_autocmd('FileType', {
    pattern = cfg.filetypes,
    callback = function(args)
      local root = require('ptxlint').root_dir(vim.api.nvim_buf_get_name(args.buf), cfg.root_markers)
      local c = vim.tbl_extend('force', cfg, { name = 'ptxlint', root_dir = root })
      c.filetypes, c.root_markers = nil, nil
      if vim.lsp.start then
        vim.lsp.start(c, { bufnr = args.buf })
      else
        vim.lsp.buf_attach_client(args.buf, vim.lsp.start_client(c))
      end
    end,
  })
else
  error('unknown PTXLINT_TEST_MODE ' .. mode)
end
