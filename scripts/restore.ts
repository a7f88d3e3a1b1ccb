// npm run restore -- FILE   (into an empty DATA_DIR or an empty database; see README, Backups)
import { restoreCommand, runCommand } from '../src/server/modules/backup/commands'

const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run restore -- <file.tar>')
  process.exit(2)
}
await runCommand(() => restoreCommand(file))
