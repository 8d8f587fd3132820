// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isDataTable } from '../../../src/snapshot/tables';

function table(html: string): HTMLTableElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.querySelector('table')!;
}

const BODY = '<tr><td>Quiet</td><td>Yes</td><td>No</td></tr><tr><td>Filter</td><td>HEPA</td><td>Carbon</td></tr>';

describe('data tables and layout tables', () => {
  it('a table under a row of column headers is data though its cells are wrapped in <div>s', () => {
    const header = '<tr><th>Feature</th><th><div><img alt=""><div>Model A</div></div></th><th><div><div>Model B</div></div></th></tr>';
    expect(isDataTable(table(`<table><thead>${header}</thead><tbody>${BODY}</tbody></table>`))).toBe(true);
    expect(isDataTable(table(`<table><tbody>${header}${BODY}</tbody></table>`))).toBe(true);
  });

  it('a table of <div>s without column headers lays out the page; so does one holding headings or a form, header or not', () => {
    expect(isDataTable(table(`<table><tr><td><div>Menu</div></td><td><div><p>The article text.</p></div></td></tr>${BODY}</table>`))).toBe(false);
    expect(isDataTable(table(`<table><tr><th>Left</th><th>Right</th></tr><tr><td><h2>News</h2></td><td><form></form></td></tr></table>`))).toBe(false);
  });

  it('a title row of one header cell is not a header row', () => {
    expect(isDataTable(table(`<table><tr><th colspan="3">Station</th></tr><tr><td><div>Photo</div></td><td><p>Notes</p></td></tr></table>`))).toBe(false);
  });

  it('a table naming itself in a title row across it, above its row of column headers, is data', () => {
    const title = '<tr><th colspan="3"><div><ul><li><a href="/t">edit</a></li></ul></div><div>Largest towns</div></th></tr>';
    const header = '<tr><th>Town</th><th>Region</th><th>People</th></tr>';
    const rows = '<tr><td><div><img alt="Harbour"></div><a href="/a">Arden</a></td><td>North</td><td>120</td></tr>';
    expect(isDataTable(table(`<table><tbody>${title}${header}${rows}${rows}</tbody></table>`))).toBe(true);
  });

  it('a table of labelled values, a header cell opening each row, is data though a value is a list', () => {
    const rows =
      '<tr><td colspan="2"><img alt="Logo"></td></tr><tr><th scope="row">Founded</th><td>1998</td></tr>' +
      '<tr><th scope="row">Divisions</th><td><div><ul><li><a href="/a">North</a></li><li><a href="/b">South</a></li></ul></div></td></tr>';
    expect(isDataTable(table(`<table><caption>Arden Works</caption><tbody>${rows}</tbody></table>`))).toBe(true);
    expect(isDataTable(table(`<table><tr><td><div>Menu</div></td><th>Side</th></tr><tr><th>Left</th><td><p>Text</p></td></tr></table>`))).toBe(false);
  });
});
