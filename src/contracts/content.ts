// A content page as the server renders it from its Markdown file (GET /api/content/{locale}/{page}).

import { z } from './zod';

export const contentDocumentSchema = z.object({
  /** Sanitised HTML of the page body (headings from h2 down, each with an id and a link to itself). */
  html: z.string(),
  /** The page's meta description. */
  description: z.string(),
});

export type ContentDocument = z.infer<typeof contentDocumentSchema>;
