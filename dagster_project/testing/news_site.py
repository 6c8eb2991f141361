"""A tiny news web site on 127.0.0.1 for crawler tests and benchmarks: fixed routes with
status, headers, delays, ETag / Last-Modified revalidation, and a log of every request."""

from __future__ import annotations

import gzip
import random
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from xml.sax.saxutils import escape


@dataclass
class Route:
    body: bytes = b""
    status: int = 200
    content_type: str | None = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    etag: str | None = None
    last_modified: str | None = None
    send_length: bool = True
    # Statuses answered before the normal response, one per request (e.g. [503] = fail once).
    fail_first: list[int] = field(default_factory=list)


@dataclass
class Hit:
    path: str
    headers: dict[str, str]
    started: float


class NewsSite:
    """Start with `with NewsSite() as site:`; add routes with `site.add(path, Route(...))`."""

    def __init__(self, host: str = "127.0.0.1", default_delay: float = 0.0):
        self.routes: dict[str, Route] = {}
        self.hits: list[Hit] = []
        self.default_delay = default_delay
        self._lock = threading.Lock()
        self._in_flight = 0
        self.max_in_flight = 0
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # keep test output clean
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                site._enter()
                try:
                    site._serve(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout, size cap): expected in these tests
                finally:
                    site._leave()

        self._server = _QuietServer((host, 0), Handler)
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self.origin = f"http://{host}:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> NewsSite:
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._server.shutdown()
        self._server.server_close()

    def url(self, path: str) -> str:
        return self.origin + path

    def add(self, path: str, route: Route) -> str:
        self.routes[path] = route
        return self.url(path)

    def hits_of(self, path: str) -> list[Hit]:
        with self._lock:
            return [hit for hit in self.hits if hit.path == path]

    def _enter(self) -> None:
        with self._lock:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)

    def _leave(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        with self._lock:
            self.hits.append(Hit(handler.path, dict(handler.headers.items()), time.monotonic()))
            route = self.routes.get(handler.path) or self.routes.get(handler.path.split("?")[0])
            failing = route.fail_first.pop(0) if route and route.fail_first else None
        if route is None:
            return _respond(handler, 404, b"not found", {"Content-Type": "text/plain"})
        delay = route.delay or self.default_delay
        if delay:
            time.sleep(delay)
        if failing is not None:
            return _respond(handler, failing, b"try later", {"Content-Type": "text/plain", "Retry-After": "0"})
        if route.etag and handler.headers.get("If-None-Match") == route.etag:
            return _respond(handler, 304, b"", {"ETag": route.etag})
        if route.last_modified and handler.headers.get("If-Modified-Since") == route.last_modified:
            return _respond(handler, 304, b"", {"Last-Modified": route.last_modified})
        headers = dict(route.headers)
        if route.content_type:
            headers["Content-Type"] = route.content_type
        if route.etag:
            headers["ETag"] = route.etag
        if route.last_modified:
            headers["Last-Modified"] = route.last_modified
        _respond(handler, route.status, route.body, headers, send_length=route.send_length)


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # clients that hang up (timeouts, size caps, keep-alive closes) are part of the tests


def _respond(handler, status: int, body: bytes, headers: dict[str, str], send_length: bool = True) -> None:
    handler.send_response(status)
    for name, value in headers.items():
        handler.send_header(name, value)
    if send_length:
        handler.send_header("Content-Length", str(len(body)))
    else:
        handler.send_header("Connection", "close")
        handler.close_connection = True
    handler.end_headers()
    handler.wfile.write(body)


def free_port() -> int:
    """A port nothing listens on (for a source whose server is down)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# --- content -----------------------------------------------------------------------------------

_WORDS = (
    "город область компания завод мост дорога школа больница театр музей парк вокзал аэропорт порт "
    "губернатор мэр министр директор инженер врач учитель артист спортсмен тренер депутат эксперт "
    "открыл закрыл построил запустил объявил подписал предложил обсудил утвердил получил передал "
    "новый старый крупный местный северный южный городской областной частный государственный "
    "проект договор бюджет план сезон матч концерт выставка фестиваль ремонт строительство "
    "рубль миллион тонна километр неделя месяц год утро вечер зима весна лето осень река озеро "
    "жители гости рабочие студенты пассажиры водители зрители болельщики пенсионеры семьи"
).split()


def story(seed: int, paragraphs: int = 4, words_per_paragraph: int = 45) -> list[str]:
    """Russian-looking paragraphs, different for every seed (no accidental near-duplicates)."""
    rng = random.Random(seed)
    result = []
    for _ in range(paragraphs):
        words = [rng.choice(_WORDS) for _ in range(words_per_paragraph)]
        result.append(" ".join(words).capitalize() + ".")
    return result


def article_page(
    title: str,
    paragraphs: list[str],
    published: str | None = None,
    *,
    json_ld_date: str | None = None,
    canonical: str | None = None,
    charset: str = "utf-8",
    boilerplate_links: int = 0,
) -> bytes:
    """An article page; `boilerplate_links` adds site chrome (menus, related headlines) like real news sites."""
    head = [f'<meta charset="{charset}">', f"<title>{escape(title)}</title>"]
    if published:
        head.append(f'<meta property="article:published_time" content="{published}">')
    if json_ld_date:
        head.append(
            '<script type="application/ld+json">'
            f'{{"@context": "https://schema.org", "@type": "NewsArticle", "datePublished": "{json_ld_date}"}}'
            "</script>"
        )
    if canonical:
        head.append(f'<link rel="canonical" href="{canonical}">')
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    chrome = "".join(
        f'<li><a href="/rubric/{i}/">{" ".join(story(10_000 + i, 1, 6))}</a></li>' for i in range(boilerplate_links)
    )
    page = (
        f'<!DOCTYPE html><html lang="ru"><head>{"".join(head)}</head><body>'
        '<header><nav><a href="/">Главная</a> <a href="/news/">Новости</a></nav></header>'
        f"<main><article><h1>{escape(title)}</h1>{body}</article></main><aside><ul>{chrome}</ul></aside>"
        "<footer>© Редакция, все права защищены</footer></body></html>"
    )
    return page.encode(charset)


def urlset(entries: list[dict[str, str]], gzipped: bool = False) -> bytes:
    """A sitemap <urlset>; an entry has loc and optionally lastmod and publication_date (news sitemap)."""
    items = []
    for entry in entries:
        parts = [f"<loc>{escape(entry['loc'])}</loc>"]
        if entry.get("lastmod"):
            parts.append(f"<lastmod>{entry['lastmod']}</lastmod>")
        if entry.get("publication_date"):
            parts.append(
                "<news:news><news:publication>"
                "<news:name>Test</news:name><news:language>ru</news:language></news:publication>"
                f"<news:publication_date>{entry['publication_date']}</news:publication_date></news:news>"
            )
        items.append(f"<url>{''.join(parts)}</url>")
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">' + "".join(items) + "</urlset>"
    ).encode("utf-8")
    return gzip.compress(xml) if gzipped else xml


def sitemap_index(children: list[tuple[str, str | None]]) -> bytes:
    items = "".join(
        f"<sitemap><loc>{escape(loc)}</loc>" + (f"<lastmod>{lastmod}</lastmod>" if lastmod else "") + "</sitemap>"
        for loc, lastmod in children
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{items}</sitemapindex>'
    ).encode()


def rss(items: list[tuple[str, str, str]]) -> bytes:
    """An RSS 2.0 feed; an item is (title, link, RFC 822 pubDate)."""
    entries = "".join(
        f"<item><title>{escape(t)}</title><link>{escape(link)}</link><pubDate>{date}</pubDate></item>"
        for t, link, date in items
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Лента</title>'
        f"<link>http://127.0.0.1/</link><description>test</description>{entries}</channel></rss>"
    ).encode()


def atom(entries: list[tuple[str, str, str]]) -> bytes:
    """An Atom feed; an entry is (title, link, RFC 3339 updated)."""
    items = "".join(
        f'<entry><title>{escape(t)}</title><link href="{escape(link)}"/><id>{escape(link)}</id>'
        f"<updated>{updated}</updated></entry>"
        for t, link, updated in entries
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
        f"<title>Альфа</title><id>urn:test</id><updated>2024-10-19T00:00:00Z</updated>{items}</feed>"
    ).encode()
