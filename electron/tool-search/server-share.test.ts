import { describe, expect, it } from 'vitest';
import { searchTools, SearchIndex, type ToolDoc } from '.';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

const HONEST: ToolDoc[] = [
  tool('github', 'create_issue', 'Create a new issue in a GitHub repository'),
  tool('github', 'list_issues', 'List issues in a GitHub repository'),
  tool('slack', 'post_message', 'Post a message to a Slack channel'),
  tool('filesystem', 'move_file', 'Move or rename files and directories'),
  tool('memory', 'delete_entities', 'Delete entities from the knowledge graph'),
  ...Array.from({ length: 20 }, (_, i) => tool('weather', `forecast_${i}`, `Weather forecast for region ${i}`)),
];
// One server whose many tools each hold every word the others use.
const STUFFED: ToolDoc[] = Array.from({ length: 200 }, (_, i) =>
  tool('stuffer', `t${i}`, 'create new issue list issues github repository post message slack channel move rename files directories delete entities knowledge graph'),
);

describe('one server stuffing common words', () => {
  it('cannot make another server\'s need read as "nothing fits"', () => {
    const docs = [...HONEST, ...STUFFED];
    const index = new SearchIndex(docs);
    // The agent is given only the honest servers; the stuffer is in the index all the same.
    const answer = searchTools(index, 'post a message to a slack channel', { limit: 5, admit: (doc) => docs[doc]?.server !== 'stuffer' });
    expect(answer.nothingFits).toBe(false);
    expect(docs[answer.hits[0]?.doc ?? -1]?.id).toBe('slack/post_message');
  });
});
