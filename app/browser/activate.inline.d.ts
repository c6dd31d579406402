// Run for its effect (routes/activate.tsx): no exports.
export {};
