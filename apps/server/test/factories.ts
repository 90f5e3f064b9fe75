// The builders live with the seed code so the seed command and the bench generator use them too.
export * from '../src/seed/factories';
