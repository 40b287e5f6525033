// Development default only: in production the server serves this file with the deployment's addresses.
window.__HIWAR_CONFIG__ = {
  apiUrl: 'http://localhost:4000',
  socketUrl: 'http://localhost:4000',
  appServer: 'local',
  webUrl: 'http://localhost:5173',
  adminUrl: 'http://localhost:5174',
  landingUrl: 'http://localhost:5175',
  googleClientId: null,
};
