// Run for its effect (./PasskeyLogin.tsx): no exports.
export {};
