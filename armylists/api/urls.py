from django.urls import path

from . import views

urlpatterns = [
    path("systems/", views.system_list, name="api-systems"),
    path("systems/<slug:system>/", views.system_detail, name="api-system"),
    path("validate/", views.validate, name="api-validate"),
]
