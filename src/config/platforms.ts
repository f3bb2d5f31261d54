// The platform a device runs on: question texts and hints differ per platform (an Android seller is
// never asked about Face ID). A brand names its platform in the seed data; everything else is 'other'.

export const PLATFORMS = ['ios', 'android', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];
