import type { ToolInfo } from '../../shared/api';
import { cutTitle } from '../../shared/text';

/**
 * A tool with its `title` and `annotations.title` cut to MAX_TITLE code points (cut-text.ts): display
 * names, cut where a listing is read or a cache written before the cut is, so every listing, search
 * and page gets them cut.
 */
export function withTitlesCut(tool: ToolInfo): ToolInfo {
  const title = cutTitle(tool.title);
  const annotations = tool.annotations?.title === undefined ? tool.annotations : { ...tool.annotations, title: cutTitle(tool.annotations.title) };
  if (title === tool.title && annotations === tool.annotations) return tool;
  return { ...tool, ...(title !== undefined ? { title } : {}), ...(annotations !== undefined ? { annotations } : {}) };
}
