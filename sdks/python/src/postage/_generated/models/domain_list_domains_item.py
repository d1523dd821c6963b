import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.domain_list_domains_item_sending_mode import (
    DomainListDomainsItemSendingMode,
    check_domain_list_domains_item_sending_mode,
)
from ..models.domain_list_domains_item_status import (
    DomainListDomainsItemStatus,
    check_domain_list_domains_item_status,
)
from ..models.domain_list_domains_item_verified_by_type_0 import (
    DomainListDomainsItemVerifiedByType0,
    check_domain_list_domains_item_verified_by_type_0,
)

if TYPE_CHECKING:
    from ..models.domain_list_domains_item_records_item import (
        DomainListDomainsItemRecordsItem,
    )


T = TypeVar("T", bound="DomainListDomainsItem")


@_attrs_define
class DomainListDomainsItem:
    """
    Attributes:
        name (str):
        sending_mode (DomainListDomainsItemSendingMode):
        status (DomainListDomainsItemStatus): released: another account proved ownership of the name first; the claim
            can never send and only deletion is left.
        status_detail (str): The state and what to do next, in plain words.
        can_send (bool):
        verified_by (Union[DomainListDomainsItemVerifiedByType0, None]):
        ownership_verified_at (Union[None, datetime.datetime]):
        dkim_verified_at (Union[None, datetime.datetime]):
        mail_from_domain (Union[None, str]):
        last_checked_at (Union[None, datetime.datetime]):
        expires_at (Union[None, datetime.datetime]):
        released_at (Union[None, datetime.datetime]):
        records (list['DomainListDomainsItemRecordsItem']): The records to publish. The three DKIM CNAMEs are issued
            (and listed) once ownership is verified: the SES identity is created only then.
        created_at (datetime.datetime):
    """

    name: str
    sending_mode: DomainListDomainsItemSendingMode
    status: DomainListDomainsItemStatus
    status_detail: str
    can_send: bool
    verified_by: Union[DomainListDomainsItemVerifiedByType0, None]
    ownership_verified_at: Union[None, datetime.datetime]
    dkim_verified_at: Union[None, datetime.datetime]
    mail_from_domain: Union[None, str]
    last_checked_at: Union[None, datetime.datetime]
    expires_at: Union[None, datetime.datetime]
    released_at: Union[None, datetime.datetime]
    records: list["DomainListDomainsItemRecordsItem"]
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        sending_mode: str = self.sending_mode

        status: str = self.status

        status_detail = self.status_detail

        can_send = self.can_send

        verified_by: Union[None, str]
        if isinstance(self.verified_by, str):
            verified_by = self.verified_by
        else:
            verified_by = self.verified_by

        ownership_verified_at: Union[None, str]
        if isinstance(self.ownership_verified_at, datetime.datetime):
            ownership_verified_at = self.ownership_verified_at.isoformat()
        else:
            ownership_verified_at = self.ownership_verified_at

        dkim_verified_at: Union[None, str]
        if isinstance(self.dkim_verified_at, datetime.datetime):
            dkim_verified_at = self.dkim_verified_at.isoformat()
        else:
            dkim_verified_at = self.dkim_verified_at

        mail_from_domain: Union[None, str]
        mail_from_domain = self.mail_from_domain

        last_checked_at: Union[None, str]
        if isinstance(self.last_checked_at, datetime.datetime):
            last_checked_at = self.last_checked_at.isoformat()
        else:
            last_checked_at = self.last_checked_at

        expires_at: Union[None, str]
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        released_at: Union[None, str]
        if isinstance(self.released_at, datetime.datetime):
            released_at = self.released_at.isoformat()
        else:
            released_at = self.released_at

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "sending_mode": sending_mode,
                "status": status,
                "status_detail": status_detail,
                "can_send": can_send,
                "verified_by": verified_by,
                "ownership_verified_at": ownership_verified_at,
                "dkim_verified_at": dkim_verified_at,
                "mail_from_domain": mail_from_domain,
                "last_checked_at": last_checked_at,
                "expires_at": expires_at,
                "released_at": released_at,
                "records": records,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.domain_list_domains_item_records_item import (
            DomainListDomainsItemRecordsItem,
        )

        d = dict(src_dict)
        name = d.pop("name")

        sending_mode = check_domain_list_domains_item_sending_mode(
            d.pop("sending_mode")
        )

        status = check_domain_list_domains_item_status(d.pop("status"))

        status_detail = d.pop("status_detail")

        can_send = d.pop("can_send")

        def _parse_verified_by(
            data: object,
        ) -> Union[DomainListDomainsItemVerifiedByType0, None]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verified_by_type_0 = check_domain_list_domains_item_verified_by_type_0(
                    data
                )

                return verified_by_type_0
            except:  # noqa: E722
                pass
            return cast(Union[DomainListDomainsItemVerifiedByType0, None], data)

        verified_by = _parse_verified_by(d.pop("verified_by"))

        def _parse_ownership_verified_at(
            data: object,
        ) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ownership_verified_at_type_0 = isoparse(data)

                return ownership_verified_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        ownership_verified_at = _parse_ownership_verified_at(
            d.pop("ownership_verified_at")
        )

        def _parse_dkim_verified_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dkim_verified_at_type_0 = isoparse(data)

                return dkim_verified_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        dkim_verified_at = _parse_dkim_verified_at(d.pop("dkim_verified_at"))

        def _parse_mail_from_domain(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        mail_from_domain = _parse_mail_from_domain(d.pop("mail_from_domain"))

        def _parse_last_checked_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_checked_at_type_0 = isoparse(data)

                return last_checked_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        last_checked_at = _parse_last_checked_at(d.pop("last_checked_at"))

        def _parse_expires_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = isoparse(data)

                return expires_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_released_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                released_at_type_0 = isoparse(data)

                return released_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        released_at = _parse_released_at(d.pop("released_at"))

        records = []
        _records = d.pop("records")
        for records_item_data in _records:
            records_item = DomainListDomainsItemRecordsItem.from_dict(records_item_data)

            records.append(records_item)

        created_at = isoparse(d.pop("created_at"))

        domain_list_domains_item = cls(
            name=name,
            sending_mode=sending_mode,
            status=status,
            status_detail=status_detail,
            can_send=can_send,
            verified_by=verified_by,
            ownership_verified_at=ownership_verified_at,
            dkim_verified_at=dkim_verified_at,
            mail_from_domain=mail_from_domain,
            last_checked_at=last_checked_at,
            expires_at=expires_at,
            released_at=released_at,
            records=records,
            created_at=created_at,
        )

        return domain_list_domains_item
