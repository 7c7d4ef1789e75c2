"""The Content-Security-Policy in a real browser: a violation shows up among the console
errors every browser test fails on (tests/browser/conftest.py), and the pages that have
no browser journey of their own (the API docs, the auth pages, the tools) cause none."""

import pytest
from playwright.sync_api import Page

pytestmark = [pytest.mark.browser]


def _csp_errors(errors) -> list[str]:
    return [e for e in errors if "Content Security Policy" in e]


def test_a_csp_violation_is_a_console_error_the_tests_fail_on(page: Page, browser_errors, transactional_db):
    page.goto("/")
    # What an inline script or handler in a template would do: refused, and reported.
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.x = 1';"
        " document.body.appendChild(s); }"
    )
    page.evaluate(
        "() => { const d = document.createElement('div'); d.setAttribute('onclick', 'x()');"
        " document.body.appendChild(d); d.click(); }"
    )
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.x") is None
    found = _csp_errors(browser_errors)
    assert found, browser_errors
    assert any("script-src" in e for e in found)
    browser_errors.clear()  # seen on purpose: the fixture must not fail this test


def test_the_api_docs_render_under_the_policy(page: Page, browser_errors, transactional_db):
    page.goto("/api/docs/")
    page.locator(".swagger-ui .info .title").wait_for()
    page.locator(".opblock-tag", has_text="lists").first.wait_for()
    assert "Muster API" in page.locator(".swagger-ui .info .title").inner_text()
    # Open one operation: Swagger UI renders its parts with React, no inline script.
    page.locator(".opblock-summary-path", has_text="/api/v1/validate/").first.click()
    page.locator(".opblock-body").first.wait_for()
    assert _csp_errors(browser_errors) == []


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/lists/open/",
        "/tools/mordheim/rout-test/",
        "/tools/boarding-action/hull-breach/",
    ],
)
def test_the_pages_cause_no_csp_violation(
    page: Page, browser_errors, live_mordheim, live_boarding_action, path
):
    response = page.goto(path)
    assert response.status == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    assert _csp_errors(browser_errors) == []
