-- Headless Neovim as a user would have it (the shipped setup), then:
-- diagnostics, a hover, a code action applied, a save. What the editor got
-- goes to $LSP_TEST_OUT for FileCheck; a wait that runs out is reported
-- there too (the test then fails on the missing lines, not on time).
local out, lines = os.getenv('LSP_TEST_OUT'), {}
local function say(s)
  for l in (s .. '\n'):gmatch('(.-)\n') do
    table.insert(lines, l)
  end
  vim.fn.writefile(lines, out)
end
local function finish(code)
  vim.fn.writefile(lines, out)
  vim.cmd(code == 0 and 'qa!' or 'cquit ' .. code)
end

vim.cmd('filetype on')
dofile(os.getenv('LSP_SUPPORT') .. '/editors/nvim/cuda-launch-lint.lua').setup({
  cmd = { os.getenv('LSP_TOOL'), 'lsp', '--cache-dir=' .. os.getenv('LSP_CACHE') },
})
vim.cmd('edit ' .. os.getenv('LSP_FILE'))
local buf = vim.api.nvim_get_current_buf()
say('filetype: ' .. vim.bo.filetype)

local function codes()
  local c = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    c[code] = d
  end
  return c
end
local function wait_for(what, pred)
  if not vim.wait(300000, pred, 50) then
    say('gave up waiting for ' .. what)
    finish(1)
  end
end

wait_for('the occupancy finding', function() return codes()['cuda-occupancy-limited'] ~= nil end)
local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
for _, d in ipairs(diags) do
  local code = d.code or d.user_data.lsp.code
  say(string.format('diagnostic %d:%d %s: %s', d.lnum + 1, d.col + 1, code, d.message))
end

local occ = codes()['cuda-occupancy-limited']
local params = vim.lsp.util.make_position_params()
params.position = { line = occ.lnum, character = occ.col + 2 }
local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 60000)
for _, r in pairs(hover or {}) do
  if r.result then
    say('hover: ' .. r.result.contents.value)
  end
end

local range_params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = occ.lnum, character = 0 }, ['end'] = { line = occ.lnum, character = 0 } },
  context = { diagnostics = {} },
}
local actions = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', range_params, 60000)
local fix
for _, r in pairs(actions or {}) do
  for _, a in ipairs(r.result or {}) do
    say('action: ' .. a.title)
    if a.title:find('fix%-it') then
      fix = a
    end
  end
end
if not fix then
  say('no fix-it action')
  finish(1)
end
vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16')
for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  if l:find('__launch_bounds__') then
    say(string.format('buffer %d: %s', i, l))
  end
end

-- Saved: the device facts are refreshed and the finding goes.
vim.cmd('write')
wait_for('the occupancy finding to go', function() return codes()['cuda-occupancy-limited'] == nil end)
local after = {}
for code, _ in pairs(codes()) do
  table.insert(after, code)
end
table.sort(after)
for _, code in ipairs(after) do
  say('after save: ' .. code)
end
finish(0)
