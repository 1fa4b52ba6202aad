-- ptxlint language server for Neovim 0.11+:
--
--   vim.lsp.enable('ptxlint')
--
-- with editor-clients/neovim of a ptxlint checkout on the runtimepath (it also brings the `ptx`
-- filetype), or with this file copied to ~/.config/nvim/lsp/ptxlint.lua. Override any field with
-- vim.lsp.config('ptxlint', { ... }), e.g. cmd = { 'java', '-jar', '/path/to/ptxlint.jar', '--lsp' }
-- or settings = { ptxlint = { rules = { PTX0250 = 'off' } } }.
--
-- The command: $PTXLINT_JAR run with java ($JAVA_HOME/bin/java when JAVA_HOME is set), else the
-- `ptxlint` launcher of the checkout this file lives in, else `ptxlint` on PATH.
local function cmd()
  local jar = vim.env.PTXLINT_JAR
  if jar and jar ~= '' then
    local home = vim.env.JAVA_HOME
    local java = (home and home ~= '') and (home .. '/bin/java') or 'java'
    return { java, '-XX:+UseSerialGC', '-jar', jar, '--lsp' }
  end
  local src = debug.getinfo(1, 'S').source
  if src:sub(1, 1) == '@' then
    -- <checkout>/editor-clients/neovim/lsp/ptxlint.lua -> <checkout>/ptxlint
    local launcher = vim.fn.fnamemodify(src:sub(2), ':p:h:h:h:h') .. '/ptxlint'
    if vim.fn.executable(launcher) == 1 then
      return { launcher, '--lsp' }
    end
  end
  return { 'ptxlint', '--lsp' }
end

return {
  cmd = cmd(),
  filetypes = { 'ptx', 'cuda' }, -- cuda: asm statements only; runs beside clangd
  root_markers = { '.ptxlintrc', '.git' },
  -- Sent with workspace/didChangeConfiguration; the keys are the server's (README, "Language server").
  -- For example: { ptxlint = { rules = { PTX0250 = 'off', PTX0101 = 'warning' },
  --                 defaultVersion = '9.0', defaultTarget = 'sm_90', debounceMs = 200 } }
  settings = { ptxlint = vim.empty_dict() },
}
