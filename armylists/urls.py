from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import views, views_campaign

urlpatterns = [
    path("", views.home, name="home"),
    path("g/<slug:system>/", views.system_start, name="system-start"),
    path("g/<slug:system>/build/", views.draft_builder, name="draft-builder"),
    path("g/<slug:system>/cards/<slug:card>/", views.card_detail, name="card-detail"),
    path("lists/", views.list_index, name="list-index"),
    path("lists/import/", views.list_import, name="list-import"),
    path("lists/<int:list_id>/", views.list_detail, name="list-detail"),
    path("lists/<int:list_id>/export/", views.list_export, name="list-export"),
    path("lists/<int:list_id>/history/", views.list_history, name="list-history"),
    path("lists/<int:list_id>/share/", views.list_share, name="list-share"),
    path("lists/<int:list_id>/delete/", views.list_delete, name="list-delete"),
    path("lists/<int:list_id>/battle/", views.list_battle, name="list-battle"),
    path("lists/<int:list_id>/campaign/", views_campaign.campaign_page, name="list-campaign"),
    path("s/<str:token>/", views.shared_list, name="shared"),
    path("s/<str:token>/print/", views.shared_print, name="shared-print"),
    path("s/<str:token>/copy/", views.shared_copy, name="shared-copy"),
    path("s/<str:token>/battle/", views.shared_battle, name="shared-battle"),
    path("accounts/signup/", views.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
]
