// npm run backup -- FILE   (the shop's database and uploads as one archive; see README, Backups)
import { backupCommand, runCommand } from '../src/server/modules/backup/commands'

const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run backup -- <file.tar>')
  process.exit(2)
}
await runCommand(() => backupCommand(file))
