"""The validate endpoint over real HTTP, and readers of its answer."""



def validate(api, data):
    r = api.post("/api/v1/validate/", json=data)
    assert r.status_code == 200, r.text
    return r.json()


def codes(result):
    return sorted(v["code"] for v in result["violations"])


def only(result, code):
    [violation] = [v for v in result["violations"] if v["code"] == code]
    return violation
