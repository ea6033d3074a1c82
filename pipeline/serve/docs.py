"""The API's documentation page, `/docs`: Swagger UI from the files of the installed package
`swagger-ui-bundle-v2` (Apache License 2.0, as its `LICENSE` in the package says), served by the
server itself, so that the page needs no network. Only the named files are served: no path of a
request reaches the file system."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import Response

from pipeline.serve import caching

FILES = {  # what the page loads, and its type
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "favicon-32x32.png": "image/png",
}


def swagger_ui_folder() -> Path:
    """Return the folder of Swagger UI's files in the installed package."""
    from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

    return Path(swagger_ui_path)


@cache
def swagger_ui_file(name: str) -> bytes:
    """Return one of Swagger UI's files, read once."""
    return (swagger_ui_folder() / name).read_bytes()


def swagger_page(title: str) -> str:
    """Return the HTML of `/docs`: Swagger UI's page, loading its files from `/docs/`."""
    page = get_swagger_ui_html(
        openapi_url="/openapi.json",
        title=f"{title}: the API",
        swagger_js_url="/docs/swagger-ui-bundle.js",
        swagger_css_url="/docs/swagger-ui.css",
        swagger_favicon_url="/docs/favicon-32x32.png",
        swagger_ui_parameters={"validatorUrl": None},  # no badge fetched from a validator online
    ).body
    assert isinstance(page, bytes)
    return page.decode()


def add_docs_routes(app: FastAPI, version: str, html: str) -> None:
    """Add `/docs` (its page: `html`) and the files it loads from `/docs/`."""
    folder = swagger_ui_folder()
    page = html.encode()
    tag = caching.etag(version, folder.name, "docs")

    @app.get("/docs", include_in_schema=False)
    async def documentation(request: Request) -> Response:
        return cached(request, page, "text/html; charset=utf-8", tag)

    @app.get("/docs/{name}", include_in_schema=False)
    async def documentation_file(request: Request, name: str) -> Response:
        if name not in FILES:
            return Response(b'{"error":"not found"}', 404, media_type="application/json")
        return cached(request, swagger_ui_file(name), FILES[name], tag + name)


def cached(request: Request, body: bytes, media_type: str, tag: str) -> Response:
    """Return a file of the documentation with its ETag (304 when the browser holds it)."""
    headers = {"ETag": caching.etag(tag), "Cache-Control": caching.PUBLIC}
    if caching.is_fresh(request, headers["ETag"]):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)
