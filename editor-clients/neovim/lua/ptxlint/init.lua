-- ptxlint language server for Neovim 0.7 and newer (on 0.11+, lsp/ptxlint.lua with
-- vim.lsp.enable('ptxlint') is the simpler way).
--
--   require('ptxlint').setup({
--     jar = '/path/to/ptxlint.jar',      -- or: cmd = { 'ptxlint', '--lsp' }
--     settings = { ptxlint = { rules = { PTX0250 = 'off' } } },
--   })
--
-- Starts one server per project root (the nearest directory with .ptxlintrc or .git, else the
-- file's directory) when a `ptx` buffer opens, and attaches the buffer to it.
local M = {}

local function plugin_root()
  local src = debug.getinfo(1, 'S').source
  if src:sub(1, 1) ~= '@' then
    return nil
  end
  -- <root>/lua/ptxlint/init.lua
  return vim.fn.fnamemodify(src:sub(2), ':p:h:h:h')
end

M.defaults = {
  -- The whole command line; when set, java/jar/vmargs are not used.
  cmd = nil,
  -- The java executable; default: $JAVA_HOME/bin/java, else `java` on PATH.
  java = nil,
  -- ptxlint.jar; default: $PTXLINT_JAR, else cli/target/ptxlint.jar of the checkout this
  -- plugin lives in (through its `ptxlint` launcher, which builds the jar when missing), else
  -- `ptxlint` on PATH.
  jar = nil,
  vmargs = { '-XX:+UseSerialGC' },
  filetypes = { 'ptx', 'cuda' }, -- cuda: asm statements only; runs beside clangd
  root_markers = { '.ptxlintrc', '.git' },
  -- Sent as initializationOptions and with workspace/didChangeConfiguration (section `ptxlint`).
  settings = { ptxlint = vim.empty_dict() },
  on_attach = nil,
  capabilities = nil,
}

M.options = vim.deepcopy(M.defaults)

--- The command line that runs the server, from the options.
function M.command(opts)
  opts = opts or M.options
  if opts.cmd then
    return opts.cmd
  end
  local jar = opts.jar
  if not jar or jar == '' then
    jar = vim.env.PTXLINT_JAR
  end
  if jar and jar ~= '' then
    local java = opts.java
    if not java or java == '' then
      local home = vim.env.JAVA_HOME
      java = (home and home ~= '') and (home .. '/bin/java') or 'java'
    end
    local cmd = { java }
    vim.list_extend(cmd, opts.vmargs or {})
    vim.list_extend(cmd, { '-jar', vim.fn.fnamemodify(jar, ':p'), '--lsp' })
    return cmd
  end
  local root = plugin_root()
  if root then
    -- <checkout>/editor-clients/neovim -> <checkout>/ptxlint
    local launcher = vim.fn.fnamemodify(root, ':h:h') .. '/ptxlint'
    if vim.fn.executable(launcher) == 1 then
      return { launcher, '--lsp' }
    end
  end
  return { 'ptxlint', '--lsp' }
end

--- The nearest directory above `path` holding one of `markers`, else the file's directory.
function M.root_dir(path, markers)
  local start = vim.fn.fnamemodify(path ~= '' and path or vim.fn.getcwd(), ':p')
  if vim.fn.isdirectory(start) == 0 then
    start = vim.fn.fnamemodify(start, ':h')
  end
  local dir = start
  while true do
    for _, m in ipairs(markers or {}) do
      if vim.loop.fs_stat(dir .. '/' .. m) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return start
    end
    dir = parent
  end
end

local clients = {} -- root_dir -> client id (Neovim < 0.8)

local function config_for(root)
  local o = M.options
  return {
    name = 'ptxlint',
    cmd = M.command(o),
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    settings = o.settings,
    init_options = o.settings,
    on_attach = o.on_attach,
    capabilities = o.capabilities,
  }
end

--- Starts (or reuses) the server for the buffer's project and attaches the buffer.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local root = M.root_dir(vim.api.nvim_buf_get_name(bufnr), M.options.root_markers)
  if vim.fn.has('nvim-0.8') == 1 then
    return vim.lsp.start(config_for(root), { bufnr = bufnr })
  end
  local id = clients[root]
  if not id or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(config_for(root))
    if not id then
      vim.notify('ptxlint: could not start ' .. table.concat(M.command(), ' '), vim.log.levels.ERROR)
      return nil
    end
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Sets the options and starts the server for every `ptx` buffer (those open now included).
function M.setup(opts)
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  local cmd = M.command(M.options)
  if vim.fn.executable(cmd[1]) ~= 1 then
    vim.notify('ptxlint: ' .. cmd[1] .. ' is not executable; set `jar`/`java` or `cmd` in setup()',
      vim.log.levels.WARN)
  end
  local group = vim.api.nvim_create_augroup('ptxlint', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args)
      M.start(args.buf)
    end,
  })
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(M.options.filetypes, vim.bo[buf].filetype) then
      M.start(buf)
    end
  end
end

return M
