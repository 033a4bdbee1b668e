-- cuda-launch-lint's language server for Neovim 0.7 and newer, beside
-- clangd (docs/editors.md). In init.lua:
--
--   dofile('/usr/share/cuda-launch-lint/editors/nvim/cuda-launch-lint.lua')
--     .setup({ cmd = { 'cuda-launch-lint', 'lsp' } })
--
-- One server per project root (the directory with compile_commands.json,
-- build/, .cuda-launch-lint.yaml or .git); CUDA buffers attach to it.
local M = {}

local markers = { 'compile_commands.json', 'build', '.cuda-launch-lint.yaml', '.git' }

local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  while dir and dir ~= '' do
    for _, m in ipairs(markers) do
      if vim.loop.fs_stat(dir .. '/' .. m) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      break
    end
    dir = parent
  end
  return vim.fn.fnamemodify(file, ':p:h')
end

local clients = {} -- root -> client id (Neovim 0.7 has no vim.lsp.start)

function M.attach(bufnr, opts)
  local root = root_of(vim.api.nvim_buf_get_name(bufnr))
  local config = {
    name = 'cuda-launch-lint',
    cmd = opts.cmd or { 'cuda-launch-lint', 'lsp' },
    root_dir = root,
    init_options = { inlayHints = opts.inlay_hints or false },
    on_attach = opts.on_attach,
  }
  if vim.lsp.start then -- Neovim 0.8+
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

function M.setup(opts)
  opts = opts or {}
  vim.api.nvim_create_autocmd('FileType', {
    pattern = opts.filetypes or { 'cuda' },
    callback = function(args)
      M.attach(args.buf, opts)
    end,
  })
end

return M
