/* Ports of the e2e run (never 3000/4000, so a developer's own servers can keep running). */
export const WEB_URL = 'http://127.0.0.1:3300';
export const CHANNEL_API_URL = 'http://127.0.0.1:4300';
export const CONTROL_URL = 'http://127.0.0.1:4301';
