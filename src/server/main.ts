// The server's entry (dist/server/main.js, which `npm start`, the systemd unit and the tests' shop
// processes run). The process's defaults are set here, before the server's modules load: libuv's
// pool size (threadpool.ts) before its first use, and NODE_ENV before React loads. React picks its
// development build, slower and with checks meant for development, unless NODE_ENV says
// production when it is first imported; the server imports it for rendering pages and e-mails, and
// the configuration already reads an unset NODE_ENV as production (config.ts). Hence the
// import() below: a static import would load React before this line ran.
import './threadpool'

process.env.NODE_ENV ??= 'production'

await import('./serve')
