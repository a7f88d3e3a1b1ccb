// npm run files:migrate   (copies DATA_DIR/uploads into S3_BUCKET; safe to run again)
import { migrateFilesCommand, runCommand } from '../src/server/modules/backup/commands'

await runCommand(() => migrateFilesCommand())
