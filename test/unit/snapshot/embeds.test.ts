// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { embedCopy, embedOf } from '../../../src/snapshot/embeds';

const BASE = 'https://blog.example.org/post.html';

describe('embedded players and posts', () => {
  it('a YouTube player (also the no-cookie host) is its watch page with its poster', () => {
    for (const src of ['https://www.youtube.com/embed/aB3_x-9QzQk?rel=0', '//www.youtube-nocookie.com/embed/aB3_x-9QzQk']) {
      expect(embedOf(src, 'Tide gauge at work', BASE)).toEqual({
        url: 'https://www.youtube.com/watch?v=aB3_x-9QzQk',
        poster: 'https://i.ytimg.com/vi/aB3_x-9QzQk/hqdefault.jpg',
        label: 'Video: Tide gauge at work',
      });
    }
  });

  it('a Vimeo player is a link to the video; posts on X are links to the post', () => {
    expect(embedOf('https://player.vimeo.com/video/45725193?h=a290f71a57', '', BASE)).toEqual({ url: 'https://vimeo.com/45725193', label: 'Video on Vimeo' });
    expect(embedOf('https://platform.twitter.com/embed/Tweet.html?id=1675626836821409792', '', BASE)?.url).toBe('https://x.com/i/status/1675626836821409792');
    expect(embedOf('https://twitter.com/rosa/status/123456', '', BASE)).toEqual({ url: 'https://x.com/rosa/status/123456', label: 'Post by @rosa on X' });
  });

  it('other frames are not embeds', () => {
    expect(embedOf('https://ads.example.net/slot?id=3', '', BASE)).toBeNull();
    expect(embedOf('https://www.youtube.com/subscribe_widget', '', BASE)).toBeNull();
    expect(embedOf('javascript:void(0)', '', BASE)).toBeNull();
  });

  it('stand in the page copy as a linked poster, or a link', () => {
    const video = embedCopy(document, embedOf('https://www.youtube.com/embed/aB3_x-9QzQk', '', BASE)!);
    expect(video.outerHTML).toBe('<p><a href="https://www.youtube.com/watch?v=aB3_x-9QzQk"><img src="https://i.ytimg.com/vi/aB3_x-9QzQk/hqdefault.jpg" alt="Video on YouTube"></a></p>');
    const post = embedCopy(document, embedOf('https://x.com/rosa/status/123456', '', BASE)!);
    expect(post.outerHTML).toBe('<p><a href="https://x.com/rosa/status/123456">Post by @rosa on X</a></p>');
  });
});
