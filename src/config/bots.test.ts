import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from './bots';

describe('crawler recognition', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  ])('%s is a bot', (ua) => expect(isBotUserAgent(ua)).toBe(true));
  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    '',
    undefined,
  ])('%s is a person', (ua) => expect(isBotUserAgent(ua)).toBe(false));
});
