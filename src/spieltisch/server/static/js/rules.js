// The rules page: one game's rules as implemented (the same text as `spieltisch rules`),
// fetched as Markdown from the server and drawn as plain HTML. Only a small part of Markdown
// is read (headings, paragraphs, lists, tables, code blocks, **bold** and `code`); every
// text goes in as text, never as HTML.
import { gamesInfo, getJSON, rulesUrl } from "./api.js";
import { fill, h } from "./dom.js";
import { languageSelect, pageLang, t } from "./i18n.js";

const lang = pageLang();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

async function main() {
  document.documentElement.lang = lang;
  $("home-link").textContent = t(lang, "home");
  $("games-heading").textContent = t(lang, "rules_pick");
  $("lang-slot").append(languageSelect(lang, (next) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", next);
    location.replace(url);
  }));
  const game = params.get("game");
  let info = { games: [] };
  try {
    info = await gamesInfo();
  } catch (error) {
    return showError(error.message);
  }
  const name = (item) => (lang === "de" ? item.name_de : item.name_en);
  fill(
    $("game-links"),
    info.games.map((item) =>
      h("li", {}, h("a", { href: rulesUrl(item.id, lang), "aria-current": item.id === game ? "page" : null }, name(item))),
    ),
  );
  const chosen = info.games.find((item) => item.id === game);
  const title = chosen ? t(lang, "rules_of", { game: name(chosen) }) : t(lang, "rules");
  $("page-title").textContent = title;
  document.title = `${title} – Spieltisch`;
  if (!game) return;
  if (!chosen) return showError(t(lang, "no_rules"));
  try {
    const rules = await getJSON(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang}`);
    fill($("rules"), markdown(rules.markdown));
  } catch (error) {
    showError(error.message);
  }
}

function showError(message) {
  $("alert").textContent = `${t(lang, "error")}: ${message}`;
  $("alert").hidden = false;
}

/** **bold** and `code` inside a line, as elements; everything else as text. */
function inline(text) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).filter(Boolean).map((part) => {
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return h("strong", {}, part.slice(2, -2));
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2) return h("code", {}, part.slice(1, -1));
    return part;
  });
}

const cells = (line) => line.trim().replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim());

/** The blocks of a Markdown text as elements (headings one level down: the page has h1). */
export function markdown(text) {
  const blocks = [];
  const lines = text.replace(/<!--[\s\S]*?-->/g, "").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!line.trim()) {
      i += 1;
    } else if (heading) {
      blocks.push(h(`h${Math.min(heading[1].length + 1, 6)}`, {}, inline(heading[2])));
      i += 1;
    } else if (line.startsWith("```")) {
      const code = [];
      for (i += 1; i < lines.length && !lines[i].startsWith("```"); i += 1) code.push(lines[i]);
      blocks.push(h("pre", {}, h("code", {}, code.join("\n"))));
      i += 1;
    } else if (line.trim().startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].trim().startsWith("|"); i += 1) rows.push(cells(lines[i]));
      const body = rows.slice(1).filter((row) => !row.every((cell) => /^:?-+:?$/.test(cell)));
      blocks.push(h("div", { class: "table-wrap" }, h("table", {},
        h("thead", {}, h("tr", {}, rows[0].map((cell) => h("th", { scope: "col" }, inline(cell))))),
        h("tbody", {}, body.map((row) => h("tr", {}, row.map((cell) => h("td", {}, inline(cell)))))),
      )));
    } else if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && lines[i].trim(); i += 1) {
        const item = /^\s*([-*]|\d+\.)\s+(.*)$/.exec(lines[i]);
        if (item) items.push(item[2]);
        else if (items.length) items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      blocks.push(h(ordered ? "ol" : "ul", {}, items.map((item) => h("li", {}, inline(item)))));
    } else {
      const words = [];
      for (; i < lines.length && lines[i].trim() && !/^(#|```|\s*\||\s*([-*]|\d+\.)\s)/.test(lines[i]); i += 1) {
        words.push(lines[i].trim());
      }
      blocks.push(h("p", {}, inline(words.join(" "))));
    }
  }
  return blocks;
}

main();
