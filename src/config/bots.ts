// Recognizes search engine crawlers and link previewers by their user agent (product §8: they never see
// search failures).

const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|lighthouse|headlesschrome\/[\d.]+ \(compatible/i;

export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  return !!userAgent && BOT.test(userAgent);
}
