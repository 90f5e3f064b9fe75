import type { Mention } from '@inkwell/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostBody } from '../../features/posts/PostBody';
import { post } from '../../test/fixtures';
import { renderInApp } from '../../test/renderInApp';
import { linkParts } from './linkify';
import { LinkedHtml, LinkedText } from './LinkedText';

const aye: Mention = { username: 'ayechan', kind: 'user', id: 7 };
const harbour: Mention = { username: 'harbour', kind: 'account', id: 3 };
const links = () =>
  screen.queryAllByRole('link').map((a) => [a.textContent, decodeURIComponent(a.getAttribute('href')!)]);

describe('#tags and @mentions as links', () => {
  it('links tags in Burmese and Thai, ending at their punctuation, every time they are written', () => {
    renderInApp(
      <p>
        <LinkedText
          text="ညစာ #မုန့်ဟင်းခါး စားမယ်။ #ရန်ကုန်။ ไปเที่ยว #เชียงใหม่ กัน #มุนฮินกา ฯ #မုန့်ဟင်းခါး"
          mentions={[]}
          tags="any"
        />
      </p>,
    );
    expect(links()).toEqual([
      ['#မုန့်ဟင်းခါး', '/tags/မုန့်ဟင်းခါး'],
      ['#ရန်ကုန်', '/tags/ရန်ကုန်'],
      ['#เชียงใหม่', '/tags/เชียงใหม่'],
      ['#มุนฮินกา', '/tags/มุนฮินกา'],
      ['#မုန့်ဟင်းခါး', '/tags/မုန့်ဟင်းခါး'],
    ]);
    // The words between stay as written.
    expect(screen.getByText(/ညစာ/).textContent).toBe(
      'ညစာ #မုန့်ဟင်းခါး စားမယ်။ #ရန်ကုန်။ ไปเที่ยว #เชียงใหม่ กัน #มุนฮินกา ฯ #မုန့်ဟင်းခါး',
    );
  });

  it('links an @name the server resolved, to the account or the person; an unknown name stays text', () => {
    renderInApp(<LinkedText text="Thanks @AyeChan and @harbour, not @nobody." mentions={[aye, harbour]} tags="any" />);
    expect(links()).toEqual([
      ['@AyeChan', '/u/7'],
      ['@harbour', '/a/harbour'],
    ]);
    expect(screen.queryByRole('link', { name: '@nobody' })).toBeNull();
  });

  it('links nothing inside a web address, an e-mail address or a word', () => {
    const text =
      'See https://example.com/page?x=1#tag and https://medium.com/@harbour or www.example.com/#top, write to me@harbour.test, a#b';
    expect(linkParts(text, [harbour], 'any')).toEqual([text]);
  });

  it("links a post's tags only: past its tenth, a tag stays text, as the server read it", () => {
    renderInApp(<LinkedText text="#one #eleven" mentions={[]} tags={['one']} />);
    expect(links()).toEqual([['#one', '/tags/one']]);
    expect(screen.getByText(/#eleven/)).toBeInTheDocument();
  });

  it("links an article's text but not its links or code, and opens them in the app", () => {
    function Address() {
      return <output data-testid="address">{useLocation().pathname}</output>;
    }
    renderInApp(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <LinkedHtml
                html={
                  '<p>Hello #yangon &amp; @harbour <a href="https://x.test/#yangon">#yangon</a> <code>#yangon</code> &lt;b&gt;</p>'
                }
                mentions={[harbour]}
                tags={['yangon']}
              />
              <Address />
            </>
          }
        />
      </Routes>,
    );
    expect(links()).toEqual([
      ['#yangon', '/tags/yangon'],
      ['@harbour', '/a/harbour'],
      ['#yangon', 'https://x.test/#yangon'],
    ]);
    // Escaped text stays text.
    expect(screen.getByText(/Hello/).textContent).toContain('& @harbour');
    expect(screen.getByText(/<b>/)).toBeInTheDocument();
    expect(within(document.body).getByText('#yangon', { selector: 'code' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('link', { name: '#yangon' })[0]!);
    expect(screen.getByTestId('address')).toHaveTextContent('/tags/yangon');
  });
});

describe("a post's text", () => {
  it('is in its language, and its tags and mentions become links once the first screen is done', async () => {
    const note = post(5, {
      content: 'ညစာ #မုန့်ဟင်းခါး @harbour @nobody',
      language: 'my',
      tags: ['မုန့်ဟင်းခါး'],
      mentions: [harbour],
    });
    renderInApp(<PostBody post={note} full={false} />);
    const text = screen.getByText(/ညစာ/);
    expect(text).toHaveAttribute('lang', 'my');
    // The first touch, key or scroll ends the first screen (lib/afterFirstScreen.ts).
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByRole('link', { name: '#မုန့်ဟင်းခါး' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@harbour' })).toHaveAttribute('href', '/a/harbour');
    expect(text.textContent).toBe('ညစာ #မုန့်ဟင်းခါး @harbour @nobody');
  });

  it("takes no language for 'other', and leaves a post without tags or mentions as plain text", () => {
    renderInApp(<PostBody post={post(6, { content: 'Just words #notatag', language: 'other' })} full={false} />);
    expect(screen.getByText('Just words #notatag')).not.toHaveAttribute('lang');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
