-- *.ptx files are NVIDIA PTX (Neovim does not know the extension by itself).
if vim.fn.has('nvim-0.8') == 1 then
  vim.filetype.add({ extension = { ptx = 'ptx' } })
else
  -- 0.7's vim.filetype.add only counts with g:do_filetype_lua; an autocommand always works.
  vim.cmd([[autocmd BufRead,BufNewFile *.ptx setfiletype ptx]])
end
