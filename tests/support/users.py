"""The test users: every one has the same password."""

PASSWORD = "correct-horse-battery-staple"  # every test user's


def make_user(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username, password=PASSWORD)
