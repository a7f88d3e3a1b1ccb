import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { PROJECT_ROOT } from './paths'

// The examples in deploy/ are what an operator copies: they must stay valid as the app changes.

const deploy = (file: string) => path.join(PROJECT_ROOT, 'deploy', file)
const available = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

describe('deploy/', () => {
  it.skipIf(!available('nginx') || !available('openssl'))(
    'holds an nginx example that nginx -t accepts',
    () => {
      const output = execFileSync('bash', [deploy('check-nginx.sh')], { encoding: 'utf8', stdio: 'pipe' })
      expect(output).toContain('nginx -t passed')
    },
  )

  it('holds an environment example the shop starts with, for a fleet behind one proxy', () => {
    const env = Object.fromEntries(
      readFileSync(deploy('jade-shop.env.example'), 'utf8')
        .split('\n')
        .map((line) => line.replace(/^# (?=[A-Z0-9_]+=)/, ''))
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    const unit = readFileSync(deploy('jade-shop@.service'), 'utf8')
    const unitEnv = /^Environment=(.*)$/m.exec(unit)![1]!.replaceAll('%i', '3000').split(' ')
    for (const pair of unitEnv) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1)
    const config = loadConfig(env)
    expect(config.trustProxy).toBe(1)
    expect(config.databaseUrl).toMatch(/^postgres:\/\//)
    expect(config.s3?.bucket).toBe('jade-shop-uploads')
    expect(config.s3?.publicUrl).toBe('https://cdn.example.com')
    expect(config.publicUrl).toBe('https://shop.example.com')
    expect(config.port).toBe(3000)
    expect(unit).toContain('ExecStart=/usr/bin/node dist/server/main.js')
  })
})
